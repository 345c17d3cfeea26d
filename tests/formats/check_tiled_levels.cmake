# data/levels/tiled is what scripts/make-tiled-levels.py writes from data/levels/*.txt, byte for byte: run by
# ctest (tiled_levels_up_to_date) with -DPYTHON=... -DSOURCE_DIR=... -DOUT=<scratch dir>. A level edited without
# rerunning the script fails here, naming the file to regenerate.
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${PYTHON} ${SOURCE_DIR}/scripts/make-tiled-levels.py --out ${OUT} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "scripts/make-tiled-levels.py failed: ${status}")
endif()
file(GLOB written RELATIVE ${OUT} ${OUT}/*)
file(GLOB checked_in RELATIVE ${SOURCE_DIR}/data/levels/tiled ${SOURCE_DIR}/data/levels/tiled/*)
if(NOT written STREQUAL checked_in)
  message(FATAL_ERROR "data/levels/tiled holds ${checked_in}, the script writes ${written}: run scripts/make-tiled-levels.py")
endif()
foreach(name ${written})
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT}/${name} ${SOURCE_DIR}/data/levels/tiled/${name}
                  RESULT_VARIABLE differs)
  if(differs)
    message(FATAL_ERROR "data/levels/tiled/${name} differs from what scripts/make-tiled-levels.py writes: rerun it")
  endif()
endforeach()
