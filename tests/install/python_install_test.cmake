# Script run by the `python_install_and_import` test (cmake -P): installs this build into a temporary prefix and
# imports the kinema Python package from it with Debian's python3, as a user of the installed package would
# (PYTHONPATH=PREFIX/lib/python3/dist-packages; Debian's python3 searches /usr/lib/python3/dist-packages for the
# /usr prefix itself).
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} RESULT_VARIABLE result
                OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${result}):\n${err}")
endif()
foreach(required __init__.py __init__.pyi chase.py movement.py)
  if(NOT EXISTS ${prefix}/${SUBDIR}/kinema/${required})
    message(FATAL_ERROR "not installed: ${SUBDIR}/kinema/${required}")
  endif()
endforeach()
# Run from an empty directory with only the prefix on the path, so the build tree cannot be imported instead.
file(MAKE_DIRECTORY ${WORK_DIR}/run)
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${prefix}/${SUBDIR} ${PYTHON} -c
          "import kinema, kinema.chase as c; print(kinema.__version__, kinema.__file__); print(c.run(c.default_level(), None, None).steps)"
  WORKING_DIRECTORY ${WORK_DIR}/run RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "import from the installed prefix failed (${result}):\n${out}\n${err}")
endif()
message(STATUS "installed kinema printed:\n${out}")
string(FIND "${out}" "${prefix}/${SUBDIR}/kinema/__init__.py" at)
if(at EQUAL -1)
  message(FATAL_ERROR "kinema was not imported from the prefix:\n${out}")
endif()
# docs/chase.md: the default level's flood runs its 40 steps.
string(FIND "${out}" "\n40\n" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the installed module's default flood did not give 40 steps:\n${out}")
endif()
