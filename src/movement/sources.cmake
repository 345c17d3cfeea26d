target_sources(kinema PRIVATE ${CMAKE_CURRENT_LIST_DIR}/state.cpp ${CMAKE_CURRENT_LIST_DIR}/dishonored.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/crosscode.cpp ${CMAKE_CURRENT_LIST_DIR}/unreal.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/morrowind.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/model.cpp ${CMAKE_CURRENT_LIST_DIR}/driver.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/morrowind_physics.cpp)
