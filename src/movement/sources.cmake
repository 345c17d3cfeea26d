# The morrowind branch adds its sources in sources_morrowind.cmake (included when present).
include(${CMAKE_CURRENT_LIST_DIR}/sources_morrowind.cmake OPTIONAL)
target_sources(kinema PRIVATE ${CMAKE_CURRENT_LIST_DIR}/state.cpp ${CMAKE_CURRENT_LIST_DIR}/dishonored.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/crosscode.cpp ${CMAKE_CURRENT_LIST_DIR}/unreal.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/fields.cpp ${CMAKE_CURRENT_LIST_DIR}/model.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/driver.cpp)
