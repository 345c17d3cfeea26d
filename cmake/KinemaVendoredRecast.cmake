# Recast and Detour built from source, for builds that cannot link Debian's librecast-dev (the Windows cross
# build, scripts/build-windows.sh; a native build with KINEMA_RECAST_FROM_SOURCE, which
# scripts/check-recast-source.sh compares with Debian's). Commit e75adf8 of recastnavigation is the code of
# Debian 12's 1.5.1+git20210215.e75adf8, so the navmeshes agree (issue 43; ../shared/vendor/README.md). It comes
# from ../shared/vendor through kinema_vendored_source (cmake/KinemaVendoredSource.cmake).
# Only Recast/Source and Detour/Source are compiled, not the project's CMakeLists (it would add DebugUtils,
# DetourCrowd and DetourTileCache, which kinema does not use, and its demo and tests by default). Like Debian's
# library: no DT_POLYREF64 (32-bit polygon references), and without our warnings-as-errors (the code is not ours).
# Defines the static libraries kinema_vendored_recast and kinema_vendored_detour, whose headers are reached as
# <recastnavigation/Recast.h> as Debian installs them, and sets the names src/nav/CMakeLists.txt would otherwise
# find (KINEMA_RECAST_INCLUDE_DIR, KINEMA_RECAST_LIBRARY, KINEMA_DETOUR_LIBRARY; tests/nav and bench/nav use them).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/KinemaVendoredSource.cmake)

kinema_vendored_source(recastnavigation https://github.com/recastnavigation/recastnavigation.git
                       e75adf86f91eb3082220085e42dda62679f9a3ea recastnavigation-e75adf8)

# Debian's layout, recastnavigation/<header>, as links in the build tree (the vendored copy stays untouched).
# Detour's headers include each other by plain name, which the compiler finds beside the link it opened.
set(kinema_recast_include ${PROJECT_BINARY_DIR}/recastnavigation-include)
file(MAKE_DIRECTORY ${kinema_recast_include}/recastnavigation)
file(GLOB kinema_recast_headers ${kinema_recastnavigation_source}/Recast/Include/*.h
     ${kinema_recastnavigation_source}/Detour/Include/*.h)
foreach(header ${kinema_recast_headers})
  get_filename_component(name ${header} NAME)
  file(CREATE_LINK ${header} ${kinema_recast_include}/recastnavigation/${name} SYMBOLIC)
endforeach()

foreach(library Recast Detour)
  string(TOLOWER ${library} lower)
  file(GLOB sources ${kinema_recastnavigation_source}/${library}/Source/*.cpp)
  add_library(kinema_vendored_${lower} STATIC ${sources})
  target_include_directories(kinema_vendored_${lower} PRIVATE ${kinema_recastnavigation_source}/${library}/Include)
  target_include_directories(kinema_vendored_${lower} SYSTEM INTERFACE ${kinema_recast_include})
  # Linked into libkinema_c.so through kinema_nav.
  set_target_properties(kinema_vendored_${lower} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endforeach()

set(KINEMA_RECAST_INCLUDE_DIR ${kinema_recast_include})
set(KINEMA_RECAST_LIBRARY kinema_vendored_recast)
set(KINEMA_DETOUR_LIBRARY kinema_vendored_detour)
