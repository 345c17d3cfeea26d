# Fails when an installed header (include/kinema/...) includes a kinema header that is not installed: the
# internal headers (src/<part>/*.hpp, src/CMakeLists.txt) are found in the build tree only, so such an include
# compiles here and breaks every user of the installed package. With MAX_HEADERS, also fails when include/ holds
# more headers than that (issue 42: settings, results and handles only; the rest lives in src/<part>/).
# Run as: cmake -DROOT=<source dir> [-DMAX_HEADERS=n] -P <this file>.
file(GLOB_RECURSE headers RELATIVE ${ROOT}/include ${ROOT}/include/kinema/*.h ${ROOT}/include/kinema/*.hpp)
list(SORT headers)
set(found "")
foreach(header IN LISTS headers)
  file(STRINGS ${ROOT}/include/${header} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]kinema/")
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[<\"]([^>\"]*)[>\"].*" "\\1" included "${line}")
    if(NOT EXISTS ${ROOT}/include/${included})
      string(APPEND found "\n  include/${header}: ${included}")
    endif()
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "installed headers include headers that are not installed (move the includer to "
                      "src/<part>/ too, or the included header back to include/):${found}")
endif()
list(LENGTH headers count)
if(DEFINED MAX_HEADERS AND count GREATER MAX_HEADERS)
  message(FATAL_ERROR "include/ installs ${count} headers, more than ${MAX_HEADERS}: a header that only kinema's "
                      "own faces use belongs in src/<part>/ (docs/architecture.md, \"The public surface\"):\n  "
                      "${headers}")
endif()
message(STATUS "${count} installed headers, each including installed headers only")
