// The frame rates a face reads from typed text: one rate (kinema turn and stop's --fps), a list (stop's
// --fps-list, sweep's --fps) and a sweep's list or range (--fps-from, --fps-to, --fps-step). The limits are
// the analysis's own (docs/errors.md, "Limits") and the whole list is checked before any work, so they are
// checked here once for every face. The face names what it read (as levels::level_options_of takes the names
// of its level options); each message starts with that name and echoes the text as typed: "--fps: must be in
// [0.1, 1000], got 2000".
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "kinema/analysis/sweep.hpp"

namespace kinema::analysis {

/// The rates a reader takes: each in [min, max] (1/s), at most max_count in a list. `note` follows the range
/// in a message where the face narrowed it for a reason of its own (" for --model morrowind").
struct RateLimits {
    double min = sweep_min_fps;
    double max = sweep_max_fps;
    std::size_t max_count = sweep_max_rates;
    std::string_view note = "";
};

/// One rate. Throws std::invalid_argument "NAME: expected a number, got 'x'" (any text that is not one finite
/// number) or "NAME: must be in [MIN, MAX]NOTE, got TEXT".
[[nodiscard]] double read_rate(std::string_view text, std::string_view name, const RateLimits& limits = {});

/// Rates separated by commas, each as read_rate reads it, then "NAME: at most MAX_COUNT frame rates, got N".
[[nodiscard]] std::vector<double> read_rate_list(std::string_view list, std::string_view name,
                                                 const RateLimits& limits = {});

/// A sweep's rates as typed: a list, else the range from, to and step (the face's defaults when not typed).
struct SweepRatesText {
    std::string_view list;
    std::string_view from;
    std::string_view to;
    std::string_view step;
};

/// The sweep's rates: read_rate_list(text.list) when a list is given; else from and to as read_rate reads
/// them, a step > 0 ("STEP: must be > 0, got TEXT"), to >= from ("TO: must be >= FROM, got 10 < 20") and
/// fewer than max_count steps between them ("STEP: more than MAX_COUNT frame rates"), then fps_range. `names`
/// are the face's names of the four, in the same fields.
[[nodiscard]] std::vector<double> read_sweep_rates(const SweepRatesText& text, const SweepRatesText& names,
                                                   const RateLimits& limits = {});

}  // namespace kinema::analysis
