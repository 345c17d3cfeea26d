# The analysis part's sources; src/CMakeLists.txt makes them the library kinema_analysis, web/CMakeLists.txt adds them
# to its one WebAssembly library.
set(kinema_analysis_sources ${CMAKE_CURRENT_LIST_DIR}/turn.cpp ${CMAKE_CURRENT_LIST_DIR}/stop.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/sweep.cpp ${CMAKE_CURRENT_LIST_DIR}/frame_rates.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/distance_matching.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/morrowind_sweep.cpp ${CMAKE_CURRENT_LIST_DIR}/replay.cpp)
