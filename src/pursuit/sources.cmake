target_sources(kinema PRIVATE ${CMAKE_CURRENT_LIST_DIR}/settings.cpp ${CMAKE_CURRENT_LIST_DIR}/path.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/pursuit.cpp ${CMAKE_CURRENT_LIST_DIR}/json.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/batch.cpp ${CMAKE_CURRENT_LIST_DIR}/parse.cpp)
