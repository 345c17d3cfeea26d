# The output part's sources; src/CMakeLists.txt makes them the library kinema_output.
set(kinema_output_sources ${CMAKE_CURRENT_LIST_DIR}/output_files.cpp)
