# Install headers, libraries and a CMake package so that consumers can write
#   find_package(kinema REQUIRED)  +  target_link_libraries(app kinema::kinema)
include(CMakePackageConfigHelpers)

install(DIRECTORY include/kinema DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS ${KINEMA_INSTALLED_TARGETS} EXPORT kinemaTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT kinemaTargets NAMESPACE kinema:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/kinema)
configure_package_config_file(cmake/kinemaConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/kinemaConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/kinema)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/kinemaConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/kinemaConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/kinemaConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/kinema)
