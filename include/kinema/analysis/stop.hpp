// Stop and pivot prediction for Unreal's Character Movement Component and the seed-004 braking model.
// Sources: Muoio's distance matching notes (dv/dt = -beta v - a_B, discretised) and
// ../shared/reference/unreal-cmc.md sections 2-8. Units are Unreal's: cm, cm/s, cm/s^2, seconds. beta =
// effective braking friction (1/s), a_B = braking deceleration (cm/s^2), v0 = initial horizontal speed
// (cm/s).
#pragma once

#include <cstdint>
#include <span>

#include "kinema/core/vec.hpp"
#include "kinema/movement/unreal.hpp"

namespace kinema::analysis {

/// The two braking coefficients of the CMC (unreal-cmc.md section 4 step 2).
struct Braking {
    double friction = 0.0;  ///< beta, 1/s, [0, inf): (braking or ground friction) x braking_friction_factor.
    double deceleration = 0.0;  ///< a_B, cm/s^2, [0, inf): braking_deceleration_walking.
};

/// beta and a_B exactly as ApplyVelocityBraking derives them from the walking settings.
[[nodiscard]] Braking unreal_braking(const movement::UnrealSettings& settings);

/// The speed the CMC snaps to zero at after a braking tick (cm/s): BRAKE_TO_STOP_VELOCITY = 10 when a_B > 0,
/// sqrt(UE_KINDA_SMALL_NUMBER) = 0.01 otherwise.
[[nodiscard]] double unreal_snap_speed(double deceleration);

/// How far and how long a braking character travels.
struct StopPrediction {
    bool stops = false;  ///< false: the speed never reaches zero (beta = a_B = 0, or a_B = 0 without snap).
    /// Length unit (cm for Unreal) along the starting direction. When !stops: the limit distance (v0/beta),
    /// inf, or (generic predictor) the distance when the frame cap was hit. Negative only from the generic
    /// predictor, for models whose explicit friction overshoots at low frame rates.
    double distance = 0.0;
    double time = 0.0;  ///< s, [0, inf]. Discrete: frames x frame time. inf when !stops.
    /// Discrete only, [0, inf): frames until the speed reads zero, the stopping frame included.
    std::int64_t frames = 0;
    /// The work bound was reached before the answer (stops is then false, time inf, distance and frames
    /// those at the bound): the generic predictor's max_frames, or the exact predictors' stepping bound
    /// (unreal_stop_max_stepped_frames). Never set inside the documented input ranges of the exact
    /// predictors; kept so that no input can make them loop.
    bool at_limit = false;
};

/// Input ranges of the constant-frame-time predictors (docs/errors.md, "Limits"): frame time (s) in
/// [unreal_min_tick_time, stop_max_frame_time], start speed (length unit/s) in [0, stop_max_speed]. The
/// exact predictors' cost does not grow with the number of frames; the stopping frame's ticks and sub-steps
/// grow with the frame time (at most 25 ticks of at most 750 braking sub-steps at 10 s).
inline constexpr double stop_max_frame_time = 10.0;
inline constexpr double stop_max_speed = 1e6;
/// The Unreal predictors (unreal_stop, unreal_stop_trace, unreal_stop_continuous) refuse a braking whose
/// friction (beta, 1/s) and deceleration (a_B, cm/s^2) are both below this but not both 0 (a SettingsError
/// naming the field): it stops farther than a double holds. The settings' own ranges allow it (it matters
/// only to a stop); unreal_stop_unchecked_settings, a pursuit's per-frame call, does not check it.
inline constexpr double stop_min_braking = 1e-12;
/// The exact predictors step at most this many frames past their closed-form estimate (which rounding puts
/// within a few frames of the stop) before they report at_limit.
inline constexpr std::int64_t unreal_stop_max_stepped_frames = 100000;

/// Continuous model dv/dt = -(a_B + beta v) from v0 until the speed reaches snap_speed (cm/s, [0, v0]); the
/// character is then taken to stop. unreal-cmc.md section 7.1; log1p and a series keep it exact for small
/// beta v0 / a_B. snap_speed = 0 gives the pure ODE (23.594 cm for the defaults).
[[nodiscard]] StopPrediction continuous_stop(double beta, double deceleration, double v0,
                                             double snap_speed = 0.0);

/// Discrete model of Muoio's distance matching notes (explicit velocity update, then position with the new
/// velocity) with one update of dt per frame: the closed form of unreal-cmc.md section 7.2, including beta dt
/// >= 1 (stops in place) and the beta = 0 / a_B = 0 special cases. The frame whose speed falls to snap_speed
/// or below is zeroed and does not move; snap_speed (cm/s, [0, inf)) should be unreal_snap_speed(a_B) to
/// mirror the CMC.
/// Finite for every input: a friction or deceleration so small (subnormal) that the stop takes more than
/// discrete_stop_max_frames frames reports at_limit (stops false, time inf, the distance at that frame).
[[nodiscard]] StopPrediction discrete_stop(double beta, double deceleration, double v0, double dt,
                                           double snap_speed);
/// discrete_stop counts at most this many frames (2^62: an int64 holds it).
inline constexpr std::int64_t discrete_stop_max_frames = std::int64_t{1} << 62;

/// Exact stop of the CMC walking with no input at a constant frame time (s, [1e-6, stop_max_frame_time]): the
/// PhysWalking tick split, braking sub-steps, the reversal check, the snap and the nearly-zero-move stop of
/// movement::step (unreal-cmc.md sections 2, 4, 7.3). Whole frames in closed form, the stopping frame tick by
/// tick with the movement model's own CalcVelocity; the cost does not grow with the number of frames.
/// `velocity` (cm/s, length at most stop_max_speed) gives the direction too, which matters only for the
/// engine's per-component nearly-zero-move test
/// (|v_x h|, |v_y h| <= 1e-4 cm); the speed-only form (v0, cm/s, [0, stop_max_speed]) moves along +x.
[[nodiscard]] StopPrediction unreal_stop(const movement::UnrealSettings& settings, Vec2 velocity,
                                         double frame_time);
[[nodiscard]] StopPrediction unreal_stop(const movement::UnrealSettings& settings, double v0,
                                         double frame_time);
/// unreal_stop() for settings validated once by the caller (precondition: settings.validate() is empty; a
/// per-frame caller skips the settings' check); the velocity and frame time are still checked.
[[nodiscard]] StopPrediction unreal_stop_unchecked_settings(const movement::UnrealSettings& settings,
                                                            Vec2 velocity, double frame_time);

/// Exact stop of the CMC walking with no input over a recorded sequence of frame times (s): frame i lasts
/// frame_times[i] (each at most stop_max_frame_time), each with the engine's own tick split and braking
/// sub-steps (movement::step); when the character still moves after the last recorded frame, the last frame
/// time repeats (the rest in closed form, as unreal_stop). Requirements: frame_times not empty, each finite
/// and > 0 (frames shorter than 1e-6 s do nothing, as in the engine), the last >= 1e-6 s. Cost: one pass over
/// the frames used, then constant. time is the sum of the frame times of the frames taken (the recorded ones
/// first).
[[nodiscard]] StopPrediction unreal_stop_trace(const movement::UnrealSettings& settings, Vec2 velocity,
                                               std::span<const double> frame_times);
/// The speed-only form (v0, cm/s, >= 0) moves along +x.
[[nodiscard]] StopPrediction unreal_stop_trace(const movement::UnrealSettings& settings, double v0,
                                               std::span<const double> frame_times);

/// The mean of a frame-time trace (s): the constant frame time that covers the same span in as many frames,
/// for comparing unreal_stop_trace with unreal_stop at the trace's mean rate. Throws like unreal_stop_trace.
[[nodiscard]] double mean_frame_time(std::span<const double> frame_times);

/// Same, with continuous time (no frame rate): continuous_stop with the settings' beta and a_B and no snap.
[[nodiscard]] StopPrediction unreal_stop_continuous(const movement::UnrealSettings& settings, double v0);

/// Epic's PredictGroundMovementStopLocation distance v^2 / (2 (beta v + a_B)); 0 when the denominator is <= 0
/// (Epic's answer, also when the character never stops). unreal-cmc.md section 6.1.
[[nodiscard]] double epic_stop_distance(double beta, double deceleration, double v);

/// Epic's PredictGroundMovementStopLocation as an offset from the character (world-oriented, cm).
[[nodiscard]] Vec2 epic_stop_location(Vec2 velocity, const movement::UnrealSettings& settings);

/// Epic's PredictGroundMovementPivotLocation (unreal-cmc.md section 6.2): offset (cm) to where a velocity
/// opposed by the acceleration (cm/s^2) turns round; zero when the acceleration does not oppose it.
[[nodiscard]] Vec2 epic_pivot_location(Vec2 acceleration, Vec2 velocity, double ground_friction);

/// Exact pivot of the CMC at a constant frame time: walking along +x at v0 (cm/s, [0, max_walk_speed]) the
/// input is reversed at full strength (A = max_acceleration > 0). Each tick applies the turning rule
/// V -= (V - a|V|) min(h F, 1), then V += A h (unreal-cmc.md section 3 steps 7 and 9). distance: how far the
/// character still moves forward (the pivot point); frames/time: until the frame in which its velocity first
/// points backwards or is zero.
[[nodiscard]] StopPrediction unreal_pivot(const movement::UnrealSettings& settings, double v0,
                                          double frame_time);

}  // namespace kinema::analysis
