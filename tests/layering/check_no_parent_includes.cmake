# Fails, naming file:line, when an #include under src/, include/, apps/, c/, python/src or web/ has a `..` path
# component ("../pursuit/cell_neighbours.hpp", "kinema/chase/../pursuit/space.hpp"). The compiler cannot refuse
# such an include: a quoted include is searched first in the including file's own directory, and no portable
# flag turns that off (GCC's -I- does, clang rejects it), so "../pursuit/x.hpp" from src/chase reaches a header
# of a part chase does not link. Only the include roots of src/CMakeLists.txt keep the layering, and this check
# keeps every include going through them. Skipped: node_modules, build trees and generated folders.
# Run as: cmake -DROOT=<source dir> -P <this file>.
# Empty lines stay list elements, so that line numbers are right.
cmake_policy(VERSION 3.25)
set(scanned_dirs src include apps c python/src web)
# Folder names skipped wherever they appear below ROOT (build, build-wasm, ...: any build tree).
set(skipped_dirs "node_modules|generated|dist|build[^/]*")
set(patterns *.c *.cc *.cpp *.cxx *.h *.hh *.hpp *.hxx *.inc *.ipp)

# Paths relative to ROOT, so that the skipped folders are matched below ROOT only (a ROOT inside a build tree,
# as in the test of this check, is still scanned).
set(files "")
foreach(dir IN LISTS scanned_dirs)
  set(globs "")
  foreach(pattern IN LISTS patterns)
    list(APPEND globs ${ROOT}/${dir}/${pattern})
  endforeach()
  file(GLOB_RECURSE found LIST_DIRECTORIES false RELATIVE ${ROOT} ${globs})
  list(APPEND files ${found})
endforeach()
list(FILTER files EXCLUDE REGEX "(^|/)(${skipped_dirs})/")
list(REMOVE_DUPLICATES files)
list(SORT files)

set(found "")
set(count 0)
foreach(file IN LISTS files)
  # One line at a time, keeping empty lines, so that the line number is right.
  file(READ ${ROOT}/${file} text)
  string(REPLACE ";" "\\;" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*[<\"]([^>\"]*)[>\"]")
      if(CMAKE_MATCH_1 MATCHES "(^|[/\\\\])\\.\\.([/\\\\]|$)")
        string(STRIP "${line}" line)
        string(APPEND found "\n  ${file}:${number}: ${line}")
        math(EXPR count "${count} + 1")
      endif()
    endif()
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "${count} #include(s) through a relative `..` path, which bypasses the layering (spell "
                      "the header from its part's include root, kinema/<part>/..., and link the part):${found}")
endif()
list(LENGTH files file_count)
message(STATUS "no `..` in the #includes of ${file_count} files")
