# Script run by the package_components tests (cmake -P): installs the build into a temporary prefix, then
# configures, builds and runs a consumer project against it (tests/install/consumers/):
#   CASE=core_only          find_package(kinema) with cairo and Recast/Detour hidden: the core alone loads;
#   CASE=render_nav         find_package(kinema COMPONENTS render nav): both parts load and link their libraries;
#   CASE=render_nav_hidden  the same with cairo and Recast/Detour hidden: configuring fails, naming Recast and
#                           Detour; render needs nothing at configure time (cairo is loaded by the first PNG).
# Hidden means: pkg-config disabled (CMAKE_DISABLE_FIND_PACKAGE_PkgConfig) and the system prefixes, where
# Debian puts libRecast and libDetour, ignored by every find_* call (CMAKE_IGNORE_PREFIX_PATH).
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${what} failed (${result}):\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

function(expect_in text)
  foreach(expected IN LISTS ARGN)
    string(FIND "${text}" "${expected}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "expected '${expected}' in:\n${text}")
    endif()
  endforeach()
endfunction()

run_step("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
# An initial cache file: a list on the command line would be split into separate arguments.
file(WRITE ${WORK_DIR}/hidden.cmake "set(CMAKE_DISABLE_FIND_PACKAGE_PkgConfig ON CACHE BOOL \"\")\n"
                                    "set(CMAKE_IGNORE_PREFIX_PATH \"/;/usr;/usr/local\" CACHE STRING \"\")\n")
set(hidden -C ${WORK_DIR}/hidden.cmake)
set(configure ${CMAKE_COMMAND} -B ${WORK_DIR}/build -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release
              -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_PREFIX_PATH=${prefix})

if(CASE STREQUAL "core_only")
  run_step("configure the core consumer" ${configure} -S ${CONSUMERS_DIR}/core_only ${hidden})
  run_step("build the core consumer" ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
  run_step("run the core consumer" ${WORK_DIR}/build/core_consumer)
  # unreal-cmc.md section 8: from 600 cm/s at 60 fps the engine-default character stops after 15.62 cm in 6 frames.
  expect_in("${step_output}" "core: stops after 15.62 cm in 6 frames")
elseif(CASE STREQUAL "render_nav")
  run_step("configure the render+nav consumer" ${configure} -S ${CONSUMERS_DIR}/render_nav)
  run_step("build the render+nav consumer" ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
  run_step("run the render+nav consumer" ${WORK_DIR}/build/render_nav_consumer ${LEVEL})
  expect_in("${step_output}" "render: a PNG; nav: ")
  string(REGEX MATCH "nav: ([0-9]+) polygons" polygons "${step_output}")
  if(NOT polygons OR CMAKE_MATCH_1 EQUAL 0)
    message(FATAL_ERROR "the navmesh has no polygons:\n${step_output}")
  endif()
elseif(CASE STREQUAL "render_nav_hidden")
  execute_process(COMMAND ${configure} -S ${CONSUMERS_DIR}/render_nav ${hidden} RESULT_VARIABLE result
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(result EQUAL 0)
    message(FATAL_ERROR "COMPONENTS render nav configured with cairo and Recast hidden:\n${out}\n${err}")
  endif()
  string(REGEX REPLACE "[ \n]+" " " err "${err}")
  expect_in("${err}" "component nav needs the Recast and Detour libraries")
  string(FIND "${err}" "component render" render_failed)
  if(NOT render_failed EQUAL -1)
    message(FATAL_ERROR "COMPONENTS render failed with cairo hidden; it needs nothing at configure time:\n${err}")
  endif()
else()
  message(FATAL_ERROR "unknown CASE '${CASE}'")
endif()
