# Install headers, libraries and a CMake package so that consumers can write
#   find_package(kinema REQUIRED)                          + target_link_libraries(app kinema::kinema)
#   find_package(kinema REQUIRED COMPONENTS render nav)    + kinema::render, kinema::nav
# The package is one export set per component (docs/architecture.md, "The installed package"): the core
# (kinema::kinema and its parts) needs only the standard library and threads, so a consumer of
# the core alone never looks for cairo, Recast, {fmt} or nlohmann-json; each optional part is loaded, and its
# dependencies found, only when the consumer names it in COMPONENTS.
include(CMakePackageConfigHelpers)

# Which export set each installed target goes in; a target of KINEMA_INSTALLED_TARGETS left out here is a
# configure error, never a library silently missing from the package.
set(kinema_package_core kinema kinema_core kinema_movement kinema_analysis kinema_levels kinema_chase kinema_pursuit)
set(kinema_package_render kinema_render)
set(kinema_package_nav kinema_nav)
set(kinema_package_formats kinema_formats)
set(kinema_package_c kinema_c kinema_c_static)
set(KINEMA_PACKAGE_COMPONENTS "")
set(kinema_package_unassigned ${KINEMA_INSTALLED_TARGETS})
foreach(set_name core render nav formats c)
  set(targets "")
  foreach(target IN LISTS kinema_package_${set_name})
    if(target IN_LIST KINEMA_INSTALLED_TARGETS)
      list(APPEND targets ${target})
      list(REMOVE_ITEM kinema_package_unassigned ${target})
    endif()
  endforeach()
  if(NOT targets)
    continue()
  endif()
  if(set_name STREQUAL "core")
    set(export_name kinemaTargets)
  else()
    list(APPEND KINEMA_PACKAGE_COMPONENTS ${set_name})
    set(export_name kinema-${set_name}-targets)
  endif()
  install(TARGETS ${targets} EXPORT ${export_name}
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
          INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT ${export_name} NAMESPACE kinema:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/kinema)
endforeach()
if(kinema_package_unassigned)
  message(FATAL_ERROR "cmake/KinemaInstall.cmake: no package component for ${kinema_package_unassigned}")
endif()
# The static C ABI names kinema::nav and kinema::formats at the consumer's link step when the build had them
# (c/CMakeLists.txt).
set(KINEMA_PACKAGE_C_NEEDS_NAV OFF)
if(TARGET kinema_c AND TARGET kinema_nav)
  set(KINEMA_PACKAGE_C_NEEDS_NAV ON)
endif()
set(KINEMA_PACKAGE_C_NEEDS_FORMATS OFF)
if(TARGET kinema_c AND TARGET kinema_formats)
  set(KINEMA_PACKAGE_C_NEEDS_FORMATS ON)
endif()

install(DIRECTORY include/kinema DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
configure_package_config_file(cmake/kinemaConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/kinemaConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/kinema)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/kinemaConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/kinemaConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/kinemaConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/kinema)
