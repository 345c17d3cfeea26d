# The chase part's sources; src/CMakeLists.txt makes them the library kinema_chase, web/CMakeLists.txt adds them
# to its one WebAssembly library.
set(kinema_chase_sources ${CMAKE_CURRENT_LIST_DIR}/cell_space.cpp ${CMAKE_CURRENT_LIST_DIR}/grid.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/grid_cells.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/flood.cpp ${CMAKE_CURRENT_LIST_DIR}/flood_settings.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/chase_settings.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/flood_generic.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/flood_vector_rows.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/flood_grid.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/flood_grid_kernels.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/dead_reckoning.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/reckoning_runs.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/query.cpp ${CMAKE_CURRENT_LIST_DIR}/query_text.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/json.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/split.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/audit.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/audit_report.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/audit_places.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/audit_shape.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/cell_complex.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/audit_reading.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/audit_reuse.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/audit_sweep.cpp)
