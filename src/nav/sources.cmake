# The nav part's sources; src/nav/CMakeLists.txt makes them the library kinema_nav, web/CMakeLists.txt adds them
# to the npm package's WebAssembly with Recast/Detour compiled from source.
set(kinema_nav_sources ${CMAKE_CURRENT_LIST_DIR}/settings.cpp ${CMAKE_CURRENT_LIST_DIR}/level.cpp
                       ${CMAKE_CURRENT_LIST_DIR}/path_finder.cpp ${CMAKE_CURRENT_LIST_DIR}/navmesh_build.cpp
                       ${CMAKE_CURRENT_LIST_DIR}/recast_voxels.cpp ${CMAKE_CURRENT_LIST_DIR}/recast_tile.cpp
                       ${CMAKE_CURRENT_LIST_DIR}/chase.cpp ${CMAKE_CURRENT_LIST_DIR}/nav_cells.cpp
                       ${CMAKE_CURRENT_LIST_DIR}/navmesh_file.cpp ${CMAKE_CURRENT_LIST_DIR}/level_files.cpp
                       ${CMAKE_CURRENT_LIST_DIR}/polygon_navmesh.cpp ${CMAKE_CURRENT_LIST_DIR}/pursuit_space.cpp)
