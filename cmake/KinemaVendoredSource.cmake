# Third-party sources for builds that cannot link Debian's packages (the WebAssembly build, the Windows cross
# build): each is declared with FetchContent at its release commit (../shared/vendor/README.md names them), and
# FETCHCONTENT_SOURCE_DIR_<NAME> points at ../shared/vendor's unmodified copy when it is there, so nothing is
# downloaded (pass -DFETCHCONTENT_SOURCE_DIR_<NAME>=DIR to use another copy). Used by
# cmake/KinemaVendoredFormatLibs.cmake (pugixml, zlib, zstd) and cmake/KinemaRecast.cmake (Recast/Detour).
include_guard(GLOBAL)
include(FetchContent)

set(KINEMA_VENDOR_DIR "${CMAKE_CURRENT_LIST_DIR}/../../shared/vendor"
    CACHE PATH "Third-party sources for offline builds (../shared/vendor, see its README.md)")

# Declares `name` at `commit` of `repository`, served from KINEMA_VENDOR_DIR/`folder` when present, and sets
# kinema_<name>_source to its source folder.
function(kinema_vendored_source name repository commit folder)
    string(TOUPPER ${name} upper)
    if(NOT DEFINED FETCHCONTENT_SOURCE_DIR_${upper} AND EXISTS "${KINEMA_VENDOR_DIR}/${folder}")
        get_filename_component(vendored "${KINEMA_VENDOR_DIR}/${folder}" ABSOLUTE)
        set(FETCHCONTENT_SOURCE_DIR_${upper} "${vendored}" CACHE PATH "Local copy of ${name} (no download)")
    endif()
    FetchContent_Declare(${name} GIT_REPOSITORY ${repository} GIT_TAG ${commit})
    FetchContent_GetProperties(${name})
    if(NOT ${name}_POPULATED)
        FetchContent_Populate(${name})
    endif()
    set(kinema_${name}_source "${${name}_SOURCE_DIR}" PARENT_SCOPE)
endfunction()
