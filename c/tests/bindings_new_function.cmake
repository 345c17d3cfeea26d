# A function and a struct added to a copy of kinema.h reach the generated C# and npm bindings when
# scripts/bindings.py runs on the copy (docs/architecture.md, "The bindings generator"), and --check names the
# stale file before it runs and passes after.
# cmake -DPYTHON=python3 -DSOURCE_DIR=checkout -DWORK=scratch-dir -P bindings_new_function.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/out/csharp/Runtime/Generated)
file(READ ${SOURCE_DIR}/include/kinema/kinema.h header)
file(WRITE ${WORK}/kinema.h "${header}
/* A point the generator has never seen. */
typedef struct kinema_trial_point {
    double x;
    int64_t id;   /* an id */
    bool marked;
} kinema_trial_point;

/* A function the generator has never seen. */
KINEMA_API kinema_status kinema_trial_function(const kinema_space* space, int count, kinema_trial_point* out);
")
set(generator ${PYTHON} ${SOURCE_DIR}/scripts/bindings.py --header ${WORK}/kinema.h --out-dir ${WORK}/out)
file(COPY ${SOURCE_DIR}/csharp/Runtime/Generated/NativeMethods.g.cs DESTINATION ${WORK}/out/csharp/Runtime/Generated)

execute_process(COMMAND ${generator} --check RESULT_VARIABLE stale ERROR_VARIABLE message)
if(stale EQUAL 0 OR NOT message MATCHES "csharp/Runtime/Generated/NativeMethods.g.cs is stale")
  message(FATAL_ERROR "--check passed on a header with a new function (${stale}): ${message}")
endif()

execute_process(COMMAND ${generator} RESULT_VARIABLE failed ERROR_VARIABLE message)
if(failed)
  message(FATAL_ERROR "scripts/bindings.py failed on the copy: ${message}")
endif()
file(READ ${WORK}/out/csharp/Runtime/Generated/NativeMethods.g.cs csharp)
foreach(wanted
        "internal static extern Status kinema_trial_function(SpaceHandle space, int count, out TrialPoint @out);"
        "public partial struct TrialPoint" "public long Id;" "private byte marked;" "public bool Marked")
  string(FIND "${csharp}" "${wanted}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the generated C# lacks '${wanted}'")
  endif()
endforeach()
file(READ ${WORK}/out/web/package/kinema_abi.g.js js)
foreach(wanted "kinema_trial_point: { size: 24, fields: { x: { offset: 0, kind: \"f64\" }, id: { offset: 8, kind: \"i64\" }"
        "marked: { offset: 16, kind: \"u8\" } } }" "\"kinema_trial_function\"")
  string(FIND "${js}" "${wanted}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the generated JavaScript lacks '${wanted}'")
  endif()
endforeach()

execute_process(COMMAND ${generator} --check RESULT_VARIABLE stale ERROR_VARIABLE message)
if(stale)
  message(FATAL_ERROR "--check fails right after the generator ran: ${message}")
endif()
