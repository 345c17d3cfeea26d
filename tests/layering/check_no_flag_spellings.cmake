# Fails when a file under src/ or include/ spells a command-line flag (a string literal starting with two
# dashes): the library takes option names from its caller, and only the faces spell flags. Comment lines are
# exempt (a doc comment may show a flag as an example). Run as: cmake -DROOT=<source dir> -P <this file>.
file(GLOB_RECURSE files ${ROOT}/src/*.cpp ${ROOT}/src/*.hpp ${ROOT}/src/*.h ${ROOT}/include/*.hpp
     ${ROOT}/include/*.h)
set(found "")
foreach(file IN LISTS files)
  file(STRINGS ${file} lines REGEX "\"--")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^[ \t]*//")
      string(APPEND found "\n  ${file}: ${line}")
    endif()
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "a command-line flag spelled in the library (give it from the face instead):${found}")
endif()
list(LENGTH files count)
message(STATUS "no flag spelling in ${count} library files")
