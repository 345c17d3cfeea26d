// Distance matching: pick an animation's time from the distance its root still has to travel (or has
// travelled), as Unreal's UAnimDistanceMatchingLibrary does. Source: Muoio's distance matching notes and
// ../shared/reference/unreal-cmc.md section 9. Lengths are the animation's unit (cm for Unreal), times
// seconds.
#pragma once

#include <span>
#include <vector>

#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"

namespace kinema::analysis {

/// Samples of signed root distance over animation time: negative before the stop marker (distance
/// remaining), zero at it, positive after it (distance travelled since).
struct DistanceCurve {
    std::vector<double> times;      ///< s, finite, strictly increasing; at least 2 samples.
    std::vector<double> distances;  ///< length, finite, non-decreasing (the search needs it), same count.
    double marker_time = 0.0;       ///< s: where the curve crosses zero (the stop or pivot marker).

    /// Every broken invariant, by field name; empty when usable.
    [[nodiscard]] FieldErrors validate() const;
};

/// One root-motion sample of an animation clip.
/// The longest clip the root-motion functions accept (s): with the 120 Hz marker scan and at most 1000 keys
/// per second, the work and the curve stay bounded (docs/errors.md, "Limits").
inline constexpr double max_clip_length = 600.0;

struct RootSample {
    double time = 0.0;  ///< s, [0, max_clip_length]; the first sample is at 0, times strictly increasing.
    Vec3 position;      ///< root position (length unit), finite.
};

/// Which root-motion components the distance uses (UDistanceCurveModifier's Axis).
enum class DistanceAxes { x, y, z, xy, xz, yz, xyz };

struct BakeSettings;
/// The registry of BakeSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<BakeSettings>) noexcept;

/// Bake settings, with UDistanceCurveModifier's defaults (unreal-cmc.md section 9.3).
struct BakeSettings {
    double sample_rate = 30.0;          ///< Hz, (0, 1000]. Curve keys per second.
    double stop_speed_threshold = 5.0;  ///< see epic_threshold_quirk; [0, 1e6].
    DistanceAxes axes = DistanceAxes::xy;
    bool stop_at_end = false;  ///< marker at the clip's end instead of the slowest sample.
    /// true (default, like the engine): a 1/120 s scan step qualifies when |dp|^2 / dt < threshold^2 -- the
    /// squared distance divided by dt once, so 5 means about 55 cm/s, not 5 cm/s. false: a true speed test
    /// |dp| / dt < threshold (cm/s).
    bool epic_threshold_quirk = true;

    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }
};

/// Bakes the distance curve of a clip from its root motion (unreal-cmc.md section 9.3): the marker is the
/// clip end (stop_at_end) or the first 120 Hz scan point with the lowest root speed among those below the
/// threshold (0 when none qualifies: every value is then >= 0). Keys at k / sample_rate (and the clip end);
/// each key is the straight-line root displacement between the marker and the key along `axes`, negated
/// before the marker. Root positions between samples are interpolated linearly. Throws SettingsError for bad
/// settings or samples (fewer than 2, first not at 0, times not increasing, non-finite values).
[[nodiscard]] DistanceCurve bake_distance_curve(std::span<const RootSample> root,
                                                const BakeSettings& settings = {});

/// The curve's value at `time` (linear between keys, held flat beyond the ends).
[[nodiscard]] double distance_at(const DistanceCurve& curve, double time);

/// An animation time for a curve value.
struct CurveTime {
    double time = 0.0;  ///< s
    bool extrapolated =
        false;  ///< true when the value is outside the curve's range: the time is extended
                ///< linearly from the two end keys (as the engine does), possibly beyond the clip.
};

/// The time at which the curve reaches `distance`: binary search for the first key >= distance, linear
/// interpolation with the key before it (a run of equal values, like the zeros after a stop, gives its first
/// key). Throws SettingsError for an invalid curve or a non-finite distance.
[[nodiscard]] CurveTime time_for_distance(const DistanceCurve& curve, double distance);

/// DistanceMatchToTarget: the time for a remaining distance to the marker (>= 0):
/// time_for_distance(-remaining).
[[nodiscard]] CurveTime time_for_remaining_distance(const DistanceCurve& curve, double remaining);

/// Play-rate limits [min, max]; applied only when min >= 0 and min < max, so {0, 0} disables them
/// (unreal-cmc.md section 9.2).
struct PlayRateClamp {
    double min = 0.75;  ///< dimensionless
    double max = 1.25;  ///< dimensionless

    [[nodiscard]] bool active() const { return min >= 0.0 && min < max; }
    [[nodiscard]] double apply(double rate) const;
};

/// The result of advancing an animation by distance.
struct Advance {
    double time = 0.0;          ///< s, the new animation time
    double play_rate = 0.0;     ///< the rate applied: (new time - old time) / dt
    bool rate_clamped = false;  ///< the distance asked for a rate outside the clamp
    bool reached_end = false;   ///< the curve ran out: the time stopped at the last key
};

/// AdvanceTimeByDistanceMatching: moves `current_time` forward so that the curve advances by
/// `distance_traveled` (length, this frame), then clamps the implied play rate and advances by rate x dt (s).
/// No-op (rate 0) unless dt > 0 and distance_traveled > 0, like the engine. The engine walks the curve in
/// 1/30 s steps; we invert the piecewise-linear curve exactly instead (identical for a 30 Hz curve).
[[nodiscard]] Advance advance_by_distance(const DistanceCurve& curve, double current_time,
                                          double distance_traveled, double dt, PlayRateClamp clamp = {});

/// SetPlayrateToMatchSpeed: speed / clip speed, clamped; clip speed = 2D (x, y) root displacement over the
/// whole clip / clip length. Throws SettingsError when the clip has no root motion or no length.
[[nodiscard]] double play_rate_to_match_speed(std::span<const RootSample> root, double speed,
                                              PlayRateClamp clamp = {});

}  // namespace kinema::analysis
