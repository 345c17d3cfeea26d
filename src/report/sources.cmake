# The report part's sources; src/CMakeLists.txt makes them the library kinema_report.
set(kinema_report_sources ${CMAKE_CURRENT_LIST_DIR}/stop.cpp ${CMAKE_CURRENT_LIST_DIR}/replay.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/turn.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/morrowind.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/simulation.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/sweep.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/json_number.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/chase_text.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/pursuit_text.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/text.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/stop_text.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/turn_text.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/replay_text.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/morrowind_text.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/sweep_text.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/simulation_text.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/gmst_file.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/chart.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/audit_shards.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/audit_files.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/audit_text.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/batch_shards.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/batch_report.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/batch_files.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/pursuit_json.cpp
                            ${CMAKE_CURRENT_LIST_DIR}/part_json.cpp)
