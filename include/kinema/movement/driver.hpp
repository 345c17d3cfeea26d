// The fixed-timestep driver: runs any step model over an input schedule and records every frame.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "kinema/core/vec.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/movement/state.hpp"

namespace kinema::movement {

/// From `frame` on, the step that leaves each frame uses `input` (until the next change).
struct InputChange {
    std::size_t frame = 0;  ///< frame index, [0, inf); the first change must be at frame 0.
    Vec2 input;             ///< wish direction, finite; longer than 1 is clamped by the models.
};

/// One recorded frame: frame 0 is the start state, frame i the state after i steps.
struct FrameRecord {
    std::size_t frame = 0;  ///< index
    double time = 0.0;      ///< s, frame * dt (multiplied, not summed, so it carries no rounding drift)
    Vec2 position;          ///< model length unit
    Vec2 velocity;          ///< model length unit per second
    double speed = 0.0;     ///< |velocity|
};

/// Throws std::invalid_argument naming the problem unless the schedule is usable: not empty, first change at
/// frame 0, frames strictly increasing, inputs finite.
void check_schedule(std::span<const InputChange> schedule);

/// A run in progress, for callers that consume frames in chunks (the CLI streams millions of frames this
/// way).
class Simulation {
  public:
    /// Validates everything up front (SettingsError for settings, dt and the start state;
    /// std::invalid_argument for the schedule), so that advance() cannot fail.
    Simulation(AnyModel model, PlanarState start, std::span<const InputChange> schedule, double dt);

    [[nodiscard]] std::size_t frame() const noexcept { return frame_; }
    [[nodiscard]] const PlanarState& state() const noexcept { return state_; }
    [[nodiscard]] double dt() const noexcept { return dt_; }
    [[nodiscard]] const AnyModel& model() const noexcept { return model_; }
    /// The current frame as a record.
    [[nodiscard]] FrameRecord record() const noexcept;

    /// Steps `count` frames and writes their records (frames frame()+1 .. frame()+count) to out, which is
    /// resized to `count`; its capacity is reused, so a buffer kept across calls allocates nothing after the
    /// first.
    void advance(std::size_t count, std::vector<FrameRecord>& out);
    /// Steps out.size() frames into a caller-owned buffer.
    void advance(std::span<FrameRecord> out) noexcept;

  private:
    AnyModel model_;
    std::vector<InputChange> schedule_;
    std::size_t next_change_ = 0;
    Vec2 input_;
    PlanarState state_;
    double dt_;
    std::size_t frame_ = 0;
};

/// Records frames 0..frames (out.size() == frames + 1; capacity reused). Same checks as Simulation.
void simulate(const AnyModel& model, const PlanarState& start, std::span<const InputChange> schedule,
              double dt, std::size_t frames, std::vector<FrameRecord>& out);

}  // namespace kinema::movement
