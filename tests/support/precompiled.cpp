// The translation unit kinema_test_pch compiles to make the tests' precompiled header (tests/CMakeLists.txt);
// it has no code of its own.
