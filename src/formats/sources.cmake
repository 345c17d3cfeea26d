# The formats part's sources; src/formats/CMakeLists.txt makes them the library kinema_formats, and
# web/CMakeLists.txt adds all but the Assimp ones to its WebAssembly library.
set(kinema_formats_sources ${CMAKE_CURRENT_LIST_DIR}/register.cpp)
# LDtk projects (nlohmann-json) and PNG/BMP masks (stb_image).
list(APPEND kinema_formats_sources ${CMAKE_CURRENT_LIST_DIR}/ldtk.cpp ${CMAKE_CURRENT_LIST_DIR}/image_level.cpp)
# 3D scenes through Assimp (native builds only).
set(kinema_formats_assimp_sources)
