# The C# console sample LibraryTour.exe against the C++ example examples/library_tour.cpp: the same three lines
# (one Unreal braking frame, the exact stop, the flood of the default level), byte for byte.
execute_process(COMMAND ${MONO} ${SAMPLE} ${LEVEL} OUTPUT_VARIABLE from_csharp ERROR_VARIABLE errors_csharp
                RESULT_VARIABLE rc_csharp)
execute_process(COMMAND ${EXAMPLE} OUTPUT_VARIABLE from_cpp RESULT_VARIABLE rc_cpp)
if(NOT rc_csharp EQUAL 0 OR NOT rc_cpp EQUAL 0)
  message(FATAL_ERROR "the C# sample exited ${rc_csharp} (${errors_csharp}), the C++ example ${rc_cpp}")
endif()
if(NOT from_csharp STREQUAL from_cpp)
  message(FATAL_ERROR "the C# sample and the C++ example differ:\n${from_csharp}---\n${from_cpp}")
endif()
# The numbers the README gives (unreal-cmc.md: v = 600 - (16 x 600 + 2048) / 60; docs/chase.md: tile 17,24).
foreach(expected "after one braking frame at 60 fps: 405.8667 cm/s" "stop from 600 cm/s at 60 fps: 15.62 cm in 6 frames"
                 "chase: 40 steps (max_steps), run to (17.5, 24.5)")
  string(FIND "${from_csharp}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the C# sample's output lacks '${expected}':\n${from_csharp}")
  endif()
endforeach()
message(STATUS "the C# sample and the C++ example print the same:\n${from_csharp}")
