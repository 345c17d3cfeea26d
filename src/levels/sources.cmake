# The levels part's sources; src/CMakeLists.txt makes them the library kinema_levels, web/CMakeLists.txt adds them
# to its one WebAssembly library.
set(kinema_levels_sources ${CMAKE_CURRENT_LIST_DIR}/grid_level.cpp ${CMAKE_CURRENT_LIST_DIR}/moving_ai.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/ascii_level.cpp ${CMAKE_CURRENT_LIST_DIR}/obj.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/mesh_arrays.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/level_formats.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/text_lines.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/level_error.cpp)
