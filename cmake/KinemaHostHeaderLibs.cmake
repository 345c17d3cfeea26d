# The header-only libraries a cross build takes from the build machine's Debian packages (scripts/build-windows.sh,
# KINEMA_HOST_HEADER_LIBS): CLI11, nlohmann-json, {fmt} (header-only, FMT_HEADER_ONLY, as Debian's libfmt-dev
# allows) and stb_image. Their folders under /usr/include, and nothing else of it, join the include path: the
# rest of /usr/include is glibc's and Linux's, which must never shadow the target's own C library headers (the
# web build does the same for emscripten, web/CMakeLists.txt). The build tree gets a folder whose only entries
# are links to those four folders, and each package's find_package() call finds a config file that CMake's
# package redirection (CMAKE_FIND_PACKAGE_REDIRECTS_DIR) puts first, naming the header version as its version.
include_guard(GLOBAL)

set(KINEMA_HOST_INCLUDE_DIR /usr/include CACHE PATH "Where the build machine's header-only libraries are")
set(kinema_host_headers ${PROJECT_BINARY_DIR}/host-headers)
file(MAKE_DIRECTORY ${kinema_host_headers})

# kinema_host_header_lib(PACKAGE TARGET FOLDER VERSION_HEADER VERSION_REGEX [DEFINITIONS...]): the interface
# target TARGET (as the package's own config names it) over KINEMA_HOST_INCLUDE_DIR/FOLDER, whose version is
# read from FOLDER/VERSION_HEADER with VERSION_REGEX (one group per version number).
function(kinema_host_header_lib package target folder version_header version_regex)
  set(source ${KINEMA_HOST_INCLUDE_DIR}/${folder})
  if(NOT EXISTS ${source}/${version_header})
    message(FATAL_ERROR "${source}/${version_header} is missing: run scripts/install-deps.sh")
  endif()
  file(CREATE_LINK ${source} ${kinema_host_headers}/${folder} SYMBOLIC)
  file(STRINGS ${source}/${version_header} version_lines REGEX "${version_regex}")
  string(REGEX MATCHALL "${version_regex}" version_matches "${version_lines}")
  set(numbers)
  foreach(match ${version_matches})
    string(REGEX REPLACE "${version_regex}" "\\1" number "${match}")
    list(APPEND numbers ${number})
  endforeach()
  list(JOIN numbers . version)
  if(version MATCHES "^[0-9][0-9][0-9][0-9][0-9]+$")  # {fmt}'s FMT_VERSION, major * 10000 + minor * 100 + patch
    math(EXPR major "${version} / 10000")
    math(EXPR minor "${version} / 100 % 100")
    math(EXPR patch "${version} % 100")
    set(version ${major}.${minor}.${patch})
  endif()
  # Imported, as the package's own config would define it (an installed kinema_formats names it).
  add_library(${target} INTERFACE IMPORTED GLOBAL)
  set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${kinema_host_headers}
                                             INTERFACE_COMPILE_DEFINITIONS "${ARGN}")
  string(TOLOWER ${package} lower)
  file(WRITE ${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}/${lower}-config.cmake
       "# ${target}: ${source} (cmake/KinemaHostHeaderLibs.cmake)\n")
  file(WRITE ${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}/${lower}-config-version.cmake
       "set(PACKAGE_VERSION ${version})\n"
       "if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)\n"
       "  set(PACKAGE_VERSION_COMPATIBLE FALSE)\n"
       "else()\n"
       "  set(PACKAGE_VERSION_COMPATIBLE TRUE)\n"
       "endif()\n")
  message(STATUS "${package} ${version}: header-only from ${source}")
endfunction()

kinema_host_header_lib(CLI11 CLI11::CLI11 CLI Version.hpp "#define CLI11_VERSION_[A-Z]+ ([0-9]+)")
kinema_host_header_lib(nlohmann_json nlohmann_json::nlohmann_json nlohmann detail/abi_macros.hpp
                       "#define NLOHMANN_JSON_VERSION_[A-Z]+ ([0-9]+)")
kinema_host_header_lib(fmt fmt::fmt fmt core.h "#define FMT_VERSION ([0-9]+)" FMT_HEADER_ONLY=1)
# stb_image is found by its folder (src/formats/CMakeLists.txt), not as a package.
file(CREATE_LINK ${KINEMA_HOST_INCLUDE_DIR}/stb ${kinema_host_headers}/stb SYMBOLIC)
set(KINEMA_STB_INCLUDE_DIR ${kinema_host_headers}/stb CACHE PATH "stb_image's folder" FORCE)
