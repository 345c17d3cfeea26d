# The pursuit part's sources; src/CMakeLists.txt makes them the library kinema_pursuit, web/CMakeLists.txt adds
# them to its one WebAssembly library.
set(kinema_pursuit_sources ${CMAKE_CURRENT_LIST_DIR}/settings.cpp ${CMAKE_CURRENT_LIST_DIR}/path.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/spread_kernel.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/occupancy_map.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/navigator.cpp ${CMAKE_CURRENT_LIST_DIR}/strategy.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/pursuer.cpp ${CMAKE_CURRENT_LIST_DIR}/team_search.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/team.cpp ${CMAKE_CURRENT_LIST_DIR}/pursuit.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/batch_scenario.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/batch_summary.cpp ${CMAKE_CURRENT_LIST_DIR}/batch.cpp ${CMAKE_CURRENT_LIST_DIR}/parse.cpp)
