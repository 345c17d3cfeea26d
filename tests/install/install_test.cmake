# Script run by the `install` test (cmake -P): install, configure+build examples/ against the prefix, run them.
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${what} failed (${result}):\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

run_step("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(required include/kinema/movement/unreal.hpp include/kinema/core/vec.hpp)
  if(NOT EXISTS ${prefix}/${required})
    message(FATAL_ERROR "not installed: ${required}")
  endif()
endforeach()
file(GLOB_RECURSE config_files ${prefix}/*/kinemaConfig.cmake)
if(NOT config_files)
  message(FATAL_ERROR "kinemaConfig.cmake not installed under ${prefix}")
endif()

run_step("configure examples" ${CMAKE_COMMAND} -S ${EXAMPLES_DIR} -B ${WORK_DIR}/build -G ${GENERATOR}
         -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_PREFIX_PATH=${prefix})
run_step("build examples" ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run_step("run unreal_stop" ${WORK_DIR}/build/unreal_stop)
message(STATUS "unreal_stop printed:\n${step_output}")
# unreal-cmc.md section 0: 11.53 cm at 30 fps, 15.62 cm in 6 frames at 60 fps, 20.22 cm at 144 fps.
foreach(expected "30 fps: stops after 11.53 cm" "60 fps: stops after 15.62 cm in 6 frames"
                 "144 fps: stops after 20.22 cm")
  string(FIND "${step_output}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "unreal_stop output lacks '${expected}'")
  endif()
endforeach()

run_step("run library_tour" ${WORK_DIR}/build/library_tour)
message(STATUS "library_tour printed:\n${step_output}")
# One braking frame from 600 cm/s at 60 fps is one sub-step h = 1/60 s (<= the 1/33 s cap):
# v = 600 - (16 * 600 + 2048) / 60 = 600 - 194.1333 = 405.8667 cm/s (unreal-cmc.md section 4).
# The stop (section 8) and the flood on the default level (docs/chase.md: max_steps, tile 17,24).
foreach(expected "after one braking frame at 60 fps: 405.8667 cm/s" "stop from 600 cm/s at 60 fps: 15.62 cm in 6 frames"
                 "chase: 40 steps (max_steps), run to (17.5, 24.5)")
  string(FIND "${step_output}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "library_tour output lacks '${expected}'")
  endif()
endforeach()

# The C example floods kinema's default level (the corner of Couvidou's Figure 4) from its marked seed through libkinema_c:
# the result the library tour prints, 40 steps (max_steps) to tile 17,24.
run_step("run flood_map" ${WORK_DIR}/build/flood_map ${EXAMPLES_DIR}/../data/levels/corner.txt 3.5 2.5 1 0)
foreach(expected "{\"map\":\"${EXAMPLES_DIR}/../data/levels/corner.txt\"" "\"steps\":40" "\"stop_reason\":\"max_steps\"")
  string(FIND "${step_output}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "flood_map output lacks '${expected}':\n${step_output}")
  endif()
endforeach()
