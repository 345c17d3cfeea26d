#include "kinema/analysis/frame_rates.hpp"

#include <stdexcept>
#include <string>

#include "kinema/core/format.hpp"
#include "kinema/core/text.hpp"

namespace kinema::analysis {

namespace {

[[noreturn]] void refuse(std::string_view name, const std::string& message) {
    throw std::invalid_argument(std::string(name) + ": " + message);
}

// One finite number (kinema::read_finite_numbers, the rule of every typed number).
double read_finite(std::string_view text, std::string_view name) {
    const ReadNumbers number = read_finite_numbers(text, 1, "a number");
    if (!number.problem.empty()) {
        refuse(name, number.problem);
    }
    return number.values[0];
}

}  // namespace

double read_rate(std::string_view text, std::string_view name, const RateLimits& limits) {
    const double rate = read_finite(text, name);
    if (!(rate >= limits.min && rate <= limits.max)) {
        refuse(name, "must be in [" + format_number(limits.min) + ", " + format_number(limits.max) + "]" +
                         std::string(limits.note) + ", got " + std::string(text));
    }
    return rate;
}

std::vector<double> read_rate_list(std::string_view list, std::string_view name, const RateLimits& limits) {
    std::vector<double> rates;
    for (const std::string& part : split(list, ',')) {
        rates.push_back(read_rate(part, name, limits));
    }
    if (rates.size() > limits.max_count) {
        refuse(name, "at most " + std::to_string(limits.max_count) + " frame rates, got " +
                         std::to_string(rates.size()));
    }
    return rates;
}

std::vector<double> read_sweep_rates(const SweepRatesText& text, const SweepRatesText& names,
                                     const RateLimits& limits) {
    if (!text.list.empty()) {
        return read_rate_list(text.list, names.list, limits);
    }
    const double from = read_rate(text.from, names.from, limits);
    const double to = read_rate(text.to, names.to, limits);
    const double step = read_finite(text.step, names.step);
    if (!(step > 0.0)) {
        refuse(names.step, "must be > 0, got " + std::string(text.step));
    }
    if (to < from) {
        refuse(names.to, "must be >= " + std::string(names.from) + ", got " + std::string(text.to) + " < " +
                             std::string(text.from));
    }
    if ((to - from) / step >= static_cast<double>(limits.max_count)) {
        refuse(names.step, "more than " + std::to_string(limits.max_count) + " frame rates");
    }
    return fps_range(from, to, step);
}

}  // namespace kinema::analysis
