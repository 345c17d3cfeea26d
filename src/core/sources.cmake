# The core part's sources; src/CMakeLists.txt makes them the library kinema_core, web/CMakeLists.txt adds them
# to its one WebAssembly library.
set(kinema_core_sources ${CMAKE_CURRENT_LIST_DIR}/validation.cpp ${CMAKE_CURRENT_LIST_DIR}/format.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/csv.cpp ${CMAKE_CURRENT_LIST_DIR}/settings_registry.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/file.cpp ${CMAKE_CURRENT_LIST_DIR}/text.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/json_writer.cpp ${CMAKE_CURRENT_LIST_DIR}/point_text.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/parallel_for.cpp ${CMAKE_CURRENT_LIST_DIR}/digest.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/memory.cpp)
