#include "progress_bar.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

#include <fmt/format.h>

#include "kinema/output/output_files.hpp"

namespace kinema::cli {

ProgressBar::ProgressBar(std::string what, std::string unit, bool enabled)
    : what_(std::move(what)),
      unit_(std::move(unit)),
      enabled_(enabled && output::stderr_is_terminal()),
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
