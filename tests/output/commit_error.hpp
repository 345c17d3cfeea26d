// The output tests' one way of reading a failed commit (output_files_test.cpp, and
// output_files_windows_test.cpp under wine): the OutputError's message, or "no error".
#pragma once

#include <string>

#include "kinema/output/output_files.hpp"

namespace kinema::test {

inline std::string commit_error(output::OutputFiles& files) {
    try {
        files.commit();
    } catch (const output::OutputError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace kinema::test
