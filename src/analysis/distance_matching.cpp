#include "kinema/analysis/distance_matching.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace kinema::analysis {

namespace {

void check_root(std::span<const RootSample> root) {
    FieldErrors errors;
    if (root.size() < 2) {
        errors.push_back({"root", "needs at least 2 samples, got " + std::to_string(root.size())});
    } else if (root.front().time != 0.0) {
        errors.push_back({"root[0].time", "the first sample must be at time 0"});
    }
    for (std::size_t i = 0; i < root.size(); ++i) {
        if (!std::isfinite(root[i].time) || !is_finite(root[i].position)) {
            errors.push_back({"root[" + std::to_string(i) + "]", "must be finite"});
        } else if (i > 0 && !(root[i].time > root[i - 1].time)) {
            errors.push_back({"root[" + std::to_string(i) + "].time", "times must be strictly increasing"});
        }
    }
    if (errors.empty() && root.size() >= 2 && root.back().time > max_clip_length) {
        errors.push_back(
            {"root", "the clip is longer than " + std::to_string(static_cast<int>(max_clip_length)) + " s"});
    }
    throw_if_invalid("root motion", errors);
}

// Root position at time t by linear interpolation between samples, held at the ends.
Vec3 root_at(std::span<const RootSample> root, double t) {
    if (t <= root.front().time) {
        return root.front().position;
    }
    if (t >= root.back().time) {
        return root.back().position;
    }
    const auto hi = std::upper_bound(root.begin(), root.end(), t,
                                     [](double value, const RootSample& s) { return value < s.time; });
    const auto lo = hi - 1;
    const double w = (t - lo->time) / (hi->time - lo->time);
    return lo->position + (hi->position - lo->position) * w;
}

double magnitude(Vec3 d, DistanceAxes axes) {
    switch (axes) {
        case DistanceAxes::x:
            return std::abs(d.x);
        case DistanceAxes::y:
            return std::abs(d.y);
        case DistanceAxes::z:
            return std::abs(d.z);
        case DistanceAxes::xy:
            return std::hypot(d.x, d.y);
        case DistanceAxes::xz:
            return std::hypot(d.x, d.z);
        case DistanceAxes::yz:
            return std::hypot(d.y, d.z);
        case DistanceAxes::xyz:
            break;
    }
    return length(d);
}

void check_curve(const DistanceCurve& curve) {
    throw_if_invalid("DistanceCurve", curve.validate());
}

// Linear inter/extrapolation through keys i and j at value `distance`.
double through(const DistanceCurve& c, std::size_t i, std::size_t j, double distance) {
    const double w = (distance - c.distances[i]) / (c.distances[j] - c.distances[i]);
    return c.times[i] + (c.times[j] - c.times[i]) * w;
}

}  // namespace

FieldErrors DistanceCurve::validate() const {
    FieldErrors errors;
    if (times.size() != distances.size()) {
        errors.push_back({"distances", "must have as many samples as times"});
        return errors;
    }
    if (times.size() < 2) {
        errors.push_back({"times", "needs at least 2 samples"});
    }
    for (std::size_t i = 0; i < times.size(); ++i) {
        if (!std::isfinite(times[i]) || !std::isfinite(distances[i])) {
            errors.push_back({"times[" + std::to_string(i) + "]", "time and distance must be finite"});
            continue;
        }
        if (i > 0 && !(times[i] > times[i - 1])) {
            errors.push_back({"times[" + std::to_string(i) + "]", "times must be strictly increasing"});
        }
        if (i > 0 && distances[i] < distances[i - 1]) {
            errors.push_back({"distances[" + std::to_string(i) + "]", "distances must not decrease"});
        }
    }
    require_finite(errors, "marker_time", marker_time);
    return errors;
}

namespace {

using B = BakeSettings;
constexpr std::array<FieldChoice, 7> kAxes{
    {{"x", 0}, {"y", 1}, {"z", 2}, {"xy", 3}, {"xz", 4}, {"yz", 5}, {"xyz", 6}}};
static_assert(static_cast<int>(DistanceAxes::xyz) == 6, "kAxes follows DistanceAxes");
constexpr std::array kBakeFields{
    field<B, &B::sample_rate>("sample_rate", "Hz", interval(0.0, false, 1000.0, true),
                              "curve keys per second"),
    // Up to 1e6 cm/s, UnrealSettings's speed bound (issue 40): its square stays far inside a double.
    field<B, &B::stop_speed_threshold>("stop_speed_threshold", "cm/s", closed_range(0.0, 1e6),
                                       "stop marker threshold (see epic_threshold_quirk)"),
    field<B, &B::axes>("axes", "choice", {}, "axes the distance is measured along", kAxes),
    field<B, &B::stop_at_end>("stop_at_end", "bool", {}, "marker at the clip's end, not the slowest sample"),
    field<B, &B::epic_threshold_quirk>("epic_threshold_quirk", "bool", {},
                                       "compare |dp|^2 / dt with threshold^2, as the engine does"),
};
constexpr SettingsDescription kBakeDescription{"BakeSettings", kBakeFields, {}};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<BakeSettings>) noexcept {
    return kBakeDescription;
}

double PlayRateClamp::apply(double rate) const {
    return active() ? std::clamp(rate, min, max) : rate;
}

DistanceCurve bake_distance_curve(std::span<const RootSample> root, const BakeSettings& settings) {
    throw_if_invalid("BakeSettings", settings.validate());
    check_root(root);
    const double clip_length = root.back().time;
    DistanceCurve curve;
    if (settings.stop_at_end) {
        curve.marker_time = clip_length;
    } else {
        // Scan at 120 Hz for the slowest step below the threshold (section 9.3 step 2).
        constexpr double kScan = 1.0 / 120.0;
        const double threshold_sq = settings.stop_speed_threshold * settings.stop_speed_threshold;
        double lowest = threshold_sq;
        for (int k = 1; k * kScan <= clip_length; ++k) {
            const double t = k * kScan;
            const double step = magnitude(root_at(root, t) - root_at(root, t - kScan), settings.axes);
            const double metric =
                settings.epic_threshold_quirk ? step * step / kScan : (step / kScan) * (step / kScan);
            if (metric < lowest) {
                lowest = metric;
                curve.marker_time = t;
            }
        }
    }
    const Vec3 marker = root_at(root, curve.marker_time);
    const auto keys = static_cast<int>(std::ceil(clip_length * settings.sample_rate - 1e-9));
    for (int k = 0; k <= keys; ++k) {
        const double t = std::min(k / settings.sample_rate, clip_length);
        if (!curve.times.empty() && !(t > curve.times.back())) {
            continue;
        }
        const double d = magnitude(root_at(root, t) - marker, settings.axes);
        curve.times.push_back(t);
        curve.distances.push_back(t < curve.marker_time ? -d : d);
    }
    return curve;
}

double distance_at(const DistanceCurve& curve, double time) {
    check_curve(curve);
    if (time <= curve.times.front()) {
        return curve.distances.front();
    }
    if (time >= curve.times.back()) {
        return curve.distances.back();
    }
    const auto hi = std::upper_bound(curve.times.begin(), curve.times.end(), time);
    const auto j = static_cast<std::size_t>(hi - curve.times.begin());
    const double w = (time - curve.times[j - 1]) / (curve.times[j] - curve.times[j - 1]);
    return curve.distances[j - 1] + (curve.distances[j] - curve.distances[j - 1]) * w;
}

CurveTime time_for_distance(const DistanceCurve& curve, double distance) {
    check_curve(curve);
    FieldErrors errors;
    require_finite(errors, "distance", distance);
    throw_if_invalid("distance matching", errors);
    const std::vector<double>& d = curve.distances;
    const std::size_t n = d.size();
    CurveTime out;
    if (distance < d.front() || distance > d.back()) {
        // Outside the curve: extend the end segment, as the engine's interpolation weights outside [0, 1] do.
        // A flat end segment cannot be extended: hold its first key's time.
        out.extrapolated = true;
        const std::size_t i = distance < d.front() ? 0 : n - 2;
        out.time = d[i + 1] != d[i] ? through(curve, i, i + 1, distance)
                                    : curve.times[distance < d.front() ? 0 : n - 1];
        return out;
    }
    const auto it = std::lower_bound(d.begin(), d.end(), distance);
    const auto j = static_cast<std::size_t>(it - d.begin());
    out.time = (j == 0 || d[j] == distance) ? curve.times[j] : through(curve, j - 1, j, distance);
    return out;
}

CurveTime time_for_remaining_distance(const DistanceCurve& curve, double remaining) {
    return time_for_distance(curve, -remaining);
}

Advance advance_by_distance(const DistanceCurve& curve, double current_time, double distance_traveled,
                            double dt, PlayRateClamp clamp) {
    check_curve(curve);
    FieldErrors errors;
    require_finite(errors, "current_time", current_time);
    require_finite(errors, "distance_traveled", distance_traveled);
    require_finite(errors, "dt", dt);
    throw_if_invalid("distance matching", errors);
    Advance out;
    out.time = current_time;
    if (!(dt > 0.0) || !(distance_traveled > 0.0)) {
        return out;  // standing still does not advance the animation (section 9.2)
    }
    const double target = distance_at(curve, current_time) + distance_traveled;
    double wanted = 0.0;
    if (target >= curve.distances.back()) {
        wanted = curve.times.back();
        out.reached_end = true;
    } else {
        wanted = time_for_distance(curve, target).time;
    }
    const double rate = (wanted - current_time) / dt;
    out.play_rate = clamp.apply(rate);
    out.rate_clamped = out.play_rate != rate;
    out.time = std::min(current_time + out.play_rate * dt, curve.times.back());
    return out;
}

double play_rate_to_match_speed(std::span<const RootSample> root, double speed, PlayRateClamp clamp) {
    check_root(root);
    FieldErrors errors;
    require_finite(errors, "speed", speed);
    const Vec3 d = root.back().position - root.front().position;
    const double clip_speed = std::hypot(d.x, d.y) / root.back().time;
    if (!(clip_speed > 0.0)) {
        errors.push_back({"root", "the clip has no root motion in x and y"});
    }
    throw_if_invalid("play rate", errors);
    return clamp.apply(speed / clip_speed);
}

}  // namespace kinema::analysis
