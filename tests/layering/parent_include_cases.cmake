# The `..` check (check_no_parent_includes.cmake) on a tree of its own: the includes that bypass the layering
# through a relative path, as they would be written in src/chase (issue 42: both compile there, since a quoted
# include is first searched beside the including file), one in each scanned folder, must be refused by
# file:line; the canonical spelling, a name that only contains two dots, and the skipped folders must not.
# Run as: cmake -DCHECK=<check_no_parent_includes.cmake> -DWORK_DIR=<scratch dir> -P <this file>.
cmake_policy(VERSION 3.25)
file(REMOVE_RECURSE ${WORK_DIR})
function(write_case path)
  list(JOIN ARGN "\n" text)
  file(WRITE ${WORK_DIR}/${path} "${text}\n")
endfunction()

write_case(src/chase/bypass.cpp
  "#include \"kinema/chase/flood.hpp\""
  "#include \"../pursuit/cell_neighbours.hpp\""
  ""
  "#include \"../../include/kinema/pursuit/space.hpp\""
  "  #  include <kinema/chase/../pursuit/space.hpp>"
  "#include \"version..2.hpp\"")
write_case(include/kinema/chase/bypass.hpp "#pragma once" "#include \"../pursuit/space.hpp\"")
write_case(apps/kinema/bypass.cpp "#include \"../../src/pursuit/path.hpp\"")
write_case(c/src/bypass.cpp "#include \"..\\..\\src\\chase\\flood_engine.hpp\"")
write_case(python/src/bypass.cpp "#include \"../../src/report/part_json.hpp\"")
write_case(web/src/bypass.cpp "#include \"../../src/pursuit/frame.hpp\"")
# Not scanned: a package's own sources, a build tree, and the tests (which are not a part).
write_case(web/node_modules/some-package/binding.cpp "#include \"../include/some.h\"")
write_case(web/build-wasm/generated.cpp "#include \"../src/kinema_web.cpp\"")
write_case(tests/chase/fixture.cpp "#include \"../helpers.hpp\"")

execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${WORK_DIR} -P ${CHECK} RESULT_VARIABLE result
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(out "${out}${err}")
set(failures "")
if(result EQUAL 0)
  string(APPEND failures "\n  the check passed a tree with `..` includes")
endif()
set(refused
    "src/chase/bypass.cpp:2: #include \"../pursuit/cell_neighbours.hpp\""
    "src/chase/bypass.cpp:4: #include \"../../include/kinema/pursuit/space.hpp\""
    "src/chase/bypass.cpp:5: #  include <kinema/chase/../pursuit/space.hpp>"
    "include/kinema/chase/bypass.hpp:2: #include \"../pursuit/space.hpp\""
    "apps/kinema/bypass.cpp:1: #include \"../../src/pursuit/path.hpp\""
    "c/src/bypass.cpp:1: #include \"..\\..\\src\\chase\\flood_engine.hpp\""
    "python/src/bypass.cpp:1: #include \"../../src/report/part_json.hpp\""
    "web/src/bypass.cpp:1: #include \"../../src/pursuit/frame.hpp\""
    "8 #include(s)")
foreach(expected IN LISTS refused)
  string(FIND "${out}" "${expected}" at)
  if(at EQUAL -1)
    string(APPEND failures "\n  not refused: ${expected}")
  endif()
endforeach()
foreach(unexpected "bypass.cpp:1: #include \"kinema/chase/flood.hpp\"" "version..2" "node_modules" "build-wasm"
                   "tests/chase")
  string(FIND "${out}" "${unexpected}" at)
  if(NOT at EQUAL -1)
    string(APPEND failures "\n  refused though allowed or skipped: ${unexpected}")
  endif()
endforeach()

# The same tree without the bypasses passes.
foreach(path include/kinema/chase/bypass.hpp apps/kinema/bypass.cpp c/src/bypass.cpp python/src/bypass.cpp
             web/src/bypass.cpp)
  file(REMOVE ${WORK_DIR}/${path})
endforeach()
write_case(src/chase/bypass.cpp "#include \"kinema/chase/flood.hpp\"" "#include \"version..2.hpp\"")
execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${WORK_DIR} -P ${CHECK} RESULT_VARIABLE result
                OUTPUT_VARIABLE clean_out ERROR_VARIABLE clean_err)
if(NOT result EQUAL 0)
  string(APPEND failures "\n  the check refused a tree without `..` includes:\n${clean_out}${clean_err}")
endif()

if(failures)
  message(FATAL_ERROR "the `..` include check is wrong:${failures}\nits output:\n${out}")
endif()
message(STATUS "the `..` include check refuses the 8 relative bypasses by file:line and passes the clean tree")
