# kinema_warnings: the warning set every kinema-owned target links privately.
add_library(kinema_warnings INTERFACE)
target_compile_options(kinema_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                                                 -Wold-style-cast -Wcast-align -Wnull-dereference
                                                 -Wdouble-promotion -Wimplicit-fallthrough)
if(KINEMA_WERROR)
  target_compile_options(kinema_warnings INTERFACE -Werror)
endif()
