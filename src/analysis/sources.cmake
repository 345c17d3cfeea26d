target_sources(kinema PRIVATE ${CMAKE_CURRENT_LIST_DIR}/turn.cpp ${CMAKE_CURRENT_LIST_DIR}/stop.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/sweep.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/distance_matching.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/morrowind_sweep.cpp ${CMAKE_CURRENT_LIST_DIR}/replay.cpp)
