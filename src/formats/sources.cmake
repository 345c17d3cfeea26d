# The formats part's sources; src/formats/CMakeLists.txt makes them the library kinema_formats, and
# web/CMakeLists.txt adds all but the Assimp ones to its WebAssembly library.
set(kinema_formats_sources
    ${CMAKE_CURRENT_LIST_DIR}/register.cpp
    # Tiled maps (.tmx, .tmj): the two readers, the level both build, and the layer data's decoding.
    ${CMAKE_CURRENT_LIST_DIR}/tiled_tmx.cpp
    ${CMAKE_CURRENT_LIST_DIR}/tiled_tmj.cpp
    ${CMAKE_CURRENT_LIST_DIR}/tiled_level.cpp
    ${CMAKE_CURRENT_LIST_DIR}/layer_data.cpp)
# LDtk projects (nlohmann-json) and PNG/BMP masks (stb_image).
list(APPEND kinema_formats_sources ${CMAKE_CURRENT_LIST_DIR}/ldtk.cpp ${CMAKE_CURRENT_LIST_DIR}/image_level.cpp)
# 3D scenes through Assimp (native builds only).
set(kinema_formats_assimp_sources ${CMAKE_CURRENT_LIST_DIR}/assimp_scene.cpp ${CMAKE_CURRENT_LIST_DIR}/gltf_checks.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ply_checks.cpp
    ${CMAKE_CURRENT_LIST_DIR}/collada_checks.cpp)
