// The flood the flood page steps, on the space its lab owns (a grid's, kinema_web.cpp; a 3D level's,
// nav_flood_lab.cpp): started or not, stepped, and its chase result computed once per state, since the JSON,
// the picture and the region borders all read it. One piece for both labs, so the 2D and 3D pages step and
// report a flood alike.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/json.hpp"
#include "kinema/chase/query.hpp"

namespace kinema::web {

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
