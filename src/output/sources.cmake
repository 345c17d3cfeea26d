# The output part's sources; src/CMakeLists.txt makes them the library kinema_output. The rule is written once
# (output_files.cpp); its few file calls have one implementation per platform (file_system.hpp).
if(WIN32)
  set(kinema_output_sources ${CMAKE_CURRENT_LIST_DIR}/output_files.cpp ${CMAKE_CURRENT_LIST_DIR}/file_watch.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/file_system_windows.cpp)
else()
  set(kinema_output_sources ${CMAKE_CURRENT_LIST_DIR}/output_files.cpp ${CMAKE_CURRENT_LIST_DIR}/file_watch.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/file_system_posix.cpp)
endif()
