# pugixml, zlib and zstd built from source, for builds that cannot link Debian's packages (the WebAssembly
# build, web/CMakeLists.txt; the Windows cross build, scripts/build-windows.sh; src/formats with
# KINEMA_FORMATS_VENDORED): the libraries kinema::formats needs (src/formats/CMakeLists.txt) at Debian 12's
# versions, so a Tiled map reads the same in the browser and on Windows as on the command line. Each comes from
# ../shared/vendor through kinema_vendored_source (cmake/KinemaVendoredSource.cmake). Only the sources are
# taken, not the projects' own CMakeLists: zlib 1.2.13's renames zconf.h inside its source folder (which would
# modify the vendored copy) and builds test programs that folder leaves out, and zstd's builds its command-line
# programs.
# Defines the static libraries kinema_vendored_pugixml, kinema_vendored_zlib and kinema_vendored_zstd, built
# without our warnings-as-errors (the code is not ours).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/KinemaVendoredSource.cmake)
enable_language(C)  # zlib and zstd

kinema_vendored_source(pugixml https://github.com/zeux/pugixml.git a0e064336317c9347a91224112af9933598714e9
                       pugixml-1.13)
kinema_vendored_source(zlib https://github.com/madler/zlib.git 04f42ceca40f73e2978b50e93806c2a18c1281fc
                       zlib-1.2.13)
kinema_vendored_source(zstd https://github.com/facebook/zstd.git 945f27758c0fd67b636103a38dbf050266c6b90a
                       zstd-1.5.4)

add_library(kinema_vendored_pugixml STATIC ${kinema_pugixml_source}/src/pugixml.cpp)
target_include_directories(kinema_vendored_pugixml SYSTEM PUBLIC ${kinema_pugixml_source}/src)

# zlib's library sources without gz*.c (gzip files on disk; the loaders inflate memory only).
set(kinema_zlib_files adler32 compress crc32 deflate infback inffast inflate inftrees trees uncompr zutil)
list(TRANSFORM kinema_zlib_files PREPEND ${kinema_zlib_source}/)
list(TRANSFORM kinema_zlib_files APPEND .c)
add_library(kinema_vendored_zlib STATIC ${kinema_zlib_files})
target_include_directories(kinema_vendored_zlib SYSTEM PUBLIC ${kinema_zlib_source})

# zstd's decoder only (lib/common and lib/decompress, as zstd's lib/README.md describes a decompressor-only
# build): tile layers are only ever decompressed. No assembly (huf_decompress_amd64.S is x86-64 only) and,
# without ZSTD_MULTITHREAD, no threads.
file(GLOB kinema_zstd_files ${kinema_zstd_source}/lib/common/*.c ${kinema_zstd_source}/lib/decompress/*.c)
add_library(kinema_vendored_zstd STATIC ${kinema_zstd_files})
target_include_directories(kinema_vendored_zstd SYSTEM PUBLIC ${kinema_zstd_source}/lib)
target_compile_definitions(kinema_vendored_zstd PRIVATE ZSTD_DISABLE_ASM)
