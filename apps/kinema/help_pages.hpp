// The long part of each command's --help, below its options: plain text in docs/cli/<name>.txt, where the
// docs link it, compiled in by cmake/KinemaHelpPages.cmake.
#pragma once

#include <string_view>

namespace kinema::cli {

/// The page docs/cli/<name>.txt as --help prints it (without the file's last newline). A name without a page
/// is a mistake in the CLI's code: std::logic_error.
[[nodiscard]] const char* help_page(std::string_view name);

}  // namespace kinema::cli
