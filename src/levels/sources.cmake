target_sources(kinema PRIVATE ${CMAKE_CURRENT_LIST_DIR}/obj.cpp)
