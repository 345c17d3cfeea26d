#include "progress_bar.hpp"

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

#include <algorithm>
#include <cstdio>
#include <utility>

#include <fmt/format.h>

namespace kinema::cli {
namespace {

/// Whether stderr is a terminal. On Windows (MinGW and MSVC alike) _isatty answers for a console, and also
/// for NUL (any character device), where the bar then goes nowhere; a file or a pipe (MSYS2's and Git Bash's
/// terminals are pipes) gets no bar, as on POSIX. <io.h> rather than <windows.h>: this file is compiled in
/// one unit with the rest of the CLI (apps/CMakeLists.txt), which windows.h's macros would reach.
bool progress_stream_is_terminal() {
#ifdef _WIN32
    return _isatty(_fileno(stderr)) != 0;
#else
    return isatty(STDERR_FILENO) == 1;
#endif
}

}  // namespace

ProgressBar::ProgressBar(std::string what, std::string unit, bool enabled)
    : what_(std::move(what)),
      unit_(std::move(unit)),
      enabled_(enabled && progress_stream_is_terminal()),
      start_(std::chrono::steady_clock::now()) {}

void ProgressBar::update(std::size_t done, std::size_t total) {
    const std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    if (!enabled_ || now - start_ < std::chrono::seconds(1) || now - last_ < std::chrono::milliseconds(100)) {
        return;
    }
    last_ = now;
    shown_ = true;
    constexpr std::size_t width = 40;
    const std::size_t filled = std::min(width, width * done / std::max<std::size_t>(total, 1));
    fmt::print(stderr, "\r{} [{}{}] {}/{} {}", what_, std::string(filled, '#'),
               std::string(width - filled, '.'), done, total, unit_);
    std::fflush(stderr);
}

void ProgressBar::finish() {
    const std::lock_guard lock(mutex_);
    if (shown_) {
        fmt::print(stderr, "\r{}\r", std::string(80, ' '));
        std::fflush(stderr);
    }
}

}  // namespace kinema::cli
