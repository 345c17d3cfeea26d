target_sources(kinema PRIVATE ${CMAKE_CURRENT_LIST_DIR}/grid_level.cpp ${CMAKE_CURRENT_LIST_DIR}/moving_ai.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/ascii_level.cpp ${CMAKE_CURRENT_LIST_DIR}/obj.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/text_lines.cpp)
