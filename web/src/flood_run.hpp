// The flood the flood page steps, on the space its lab owns (a grid's, kinema_web.cpp; a 3D level's,
// nav_flood_lab.cpp): started or not, stepped, and its chase result computed once per state, since the JSON,
// the picture and the region borders all read it. One piece for both labs, so the 2D and 3D pages step and
// report a flood alike.
#pragma once

#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/json.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/chase/split.hpp"
#include "kinema/core/format.hpp"
#include "kinema/core/validation.hpp"

namespace kinema::web {

/// K of the split for a team (chase/split.hpp), as `kinema chase --destinations K` takes it, into `k`: a
/// whole number the query checks (ChaseQuery::validate, "destinations: must be in [1, 16], got 0"); "" or
/// the message, `k` unchanged on error. 1, the default, is the one destination: no split, the JSON of
/// `kinema chase` without the flag. Both flood labs (grid and 3D) take it so.
inline std::string parse_destinations(const std::string& text, int& k) {
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
        return "destinations: expected a number, got '" + text + "'";
    }
    FieldErrors errors;
    if (value != std::floor(value)) {
        errors.push_back({"destinations", "must be a whole number in [1, 16], got " + format_number(value)});
    } else if (std::abs(value) > 1e9) {  // beyond an int: the query's own check, on the double
        require_in_range(errors, "destinations", value, 1, chase::max_split_destinations);
    } else {
        chase::ChaseQuery q;
        q.destinations = static_cast<int>(value);
        errors = q.validate();
    }
    std::string out;
    for (const FieldError& f : errors) {
        out += (out.empty() ? "" : "; ") + f.field + ": " + f.message;
    }
    if (out.empty()) {
        k = static_cast<int>(value);
    }
    return out;
}

class FloodRun {
  public:
    /// Seeds the flood with `settings` at `query` on `space` (chase::start_chase: run_chase's first half).
    /// `space` must outlive the run until the next start() or stop(). When start_chase throws, the run is
    /// left stopped.
    void start(const chase::ChaseSpace& space, const chase::FloodSettings& settings,
               chase::ChaseQuery query) {
        stop();
        query_ = std::move(query);
        flood_.set_settings(settings);
        chase::start_chase(space, flood_, query_);
        space_ = &space;
    }
    /// Forgets the started flood (a new level, a failed start): nothing to step or report until start().
    void stop() {
        space_ = nullptr;
        result_.reset();
    }
    /// A fresh flood of `settings`, stopped (the grid lab's new level or size).
    void reset(const chase::FloodSettings& settings) {
        stop();
        flood_ = chase::Flood(settings);
    }

    bool started() const { return space_ != nullptr; }
    /// Runs at most `steps` propagation steps; true when the flood has finished (or was never started).
    bool advance(int steps) {
        if (!started()) {
            return true;
        }
        result_.reset();
        return flood_.advance(steps);
    }
    int steps() const { return started() ? flood_.steps() : 0; }
    bool finished() const { return started() && flood_.finished(); }
    const chase::Flood& flood() const { return flood_; }

    /// The chase's result for the current state (chase_result, with the split when the query asks). Only
    /// when started().
    const chase::ChaseResult& result() const {
        if (!result_) {
            result_ = chase::chase_result(*space_, flood_, query_);
        }
        return *result_;
    }
    /// chase_json of the current state (after the last step: exactly `kinema chase --map MAP --json`); empty
    /// before start().
    std::string result_json(const std::string& map) const {
        return started() ? chase::chase_json(*space_, flood_, result(), map) : std::string();
    }

  private:
    const chase::ChaseSpace* space_ = nullptr;  // the started flood's space; null when stopped
    chase::Flood flood_;
    chase::ChaseQuery query_;
    mutable std::optional<chase::ChaseResult> result_;
};

}  // namespace kinema::web
