// The one progress bar of the long commands (audit, pursue --batch): on stderr, only for runs longer than a
// second, only when stderr is a terminal (never in a pipe or a log), redrawn at most ten times a second.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>

namespace kinema::cli {

class ProgressBar {
  public:
    /// `what` names the run ("audit"), `unit` the counted items ("seeds"). enabled = false draws nothing; the
    /// bar also stays off when stderr is not a terminal.
    ProgressBar(std::string what, std::string unit, bool enabled = true);
    /// Safe to call from several threads (the audit's workers report through one callback).
    void update(std::size_t done, std::size_t total);
    /// Clears the bar's line when it was drawn.
    void finish();

  private:
    std::string what_;
    std::string unit_;
    bool enabled_;
    bool shown_ = false;
    std::mutex mutex_;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_;
};

}  // namespace kinema::cli
