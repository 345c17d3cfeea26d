target_sources(kinema PRIVATE ${CMAKE_CURRENT_LIST_DIR}/validation.cpp ${CMAKE_CURRENT_LIST_DIR}/format.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/csv.cpp ${CMAKE_CURRENT_LIST_DIR}/settings_registry.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/file.cpp ${CMAKE_CURRENT_LIST_DIR}/text.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/json_writer.cpp)
