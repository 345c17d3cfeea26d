include(${CMAKE_CURRENT_LIST_DIR}/sources_morrowind.cmake OPTIONAL)
