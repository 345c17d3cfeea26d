# Windows x86-64 cross build with Debian's mingw-w64 (g++-mingw-w64-x86-64-posix, binutils-mingw-w64), as
# scripts/build-windows.sh uses it:
#   cmake -S . -B build-windows --toolchain cmake/toolchains/mingw-w64-x86_64.cmake ...
# The posix thread model's compilers (x86_64-w64-mingw32-*-posix): the win32 model has no std::thread, which
# core's parallel_for starts (../shared/reference/formats-and-platforms.md, "Windows, cross-built here").
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)

# Libraries, headers and packages only from the MinGW sysroot, never the build machine's (Linux) ones; programs
# (python3, the compilers' tools) from the build machine.
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Every program and DLL links MinGW's runtime statically (libgcc, libstdc++, winpthread), so it needs none of
# libgcc_s_seh-1.dll, libstdc++-6.dll and libwinpthread-1.dll beside it: only Windows' own DLLs (issue 43).
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
