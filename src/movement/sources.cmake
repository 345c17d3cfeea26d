# The movement part's sources; src/CMakeLists.txt makes them the library kinema_movement, web/CMakeLists.txt adds them
# to its one WebAssembly library.
set(kinema_movement_sources ${CMAKE_CURRENT_LIST_DIR}/state.cpp ${CMAKE_CURRENT_LIST_DIR}/dishonored.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/crosscode.cpp ${CMAKE_CURRENT_LIST_DIR}/unreal.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/morrowind.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/model.cpp ${CMAKE_CURRENT_LIST_DIR}/driver.cpp
                          ${CMAKE_CURRENT_LIST_DIR}/morrowind_physics.cpp)
