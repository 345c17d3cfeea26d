#include "kinema/analysis/stop.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <string>

#include "kinema/core/format.hpp"

namespace kinema::analysis {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// expm1(x) - x without the cancellation for small |x| (Taylor series from x^2/2).
double expm1_minus_x(double x) {
    // Below 0.05 the direct form would lose more than eps * 40 to cancellation; the series needs ~10 terms.
    if (std::abs(x) < 0.05) {
        double term = x * x / 2.0;
        double sum = term;
        for (int k = 3; k < 60 && std::abs(term) > 1e-18 * std::abs(sum); ++k) {
            term *= x / k;
            sum += term;
        }
        return sum;
    }
    return std::expm1(x) - x;
}

// x - log1p(x) for x > -1. For small x the leading terms cancel; the series sum_{k>=2} (-1)^k x^k / k
// (unreal-cmc.md section 7.1, numerics) keeps full precision.
double x_minus_log1p(double x) {
    if (std::abs(x) < 0.1) {
        double power = x * x;
        double sum = 0.0;
        for (int k = 2; k < 60; ++k) {
            const double term = power / k;
            sum += (k % 2 == 0) ? term : -term;
            if (std::abs(term) <= 1e-18 * std::abs(sum)) {
                break;
            }
            power *= x;
        }
        return sum;
    }
    return x - std::log1p(x);
}

// The affine speed rule v' = v - beta_eff v - decel h of one sub-step, sub-step by sub-step inside each
// PhysWalking tick (unreal-cmc.md section 7.3). Braking (ApplyVelocityBraking, section 4): beta_eff = beta h,
// sub-steps capped at `cap`. Pivot (CalcVelocity turning rule, section 3 step 7, exactly opposing input):
// one sub-step per tick, beta_eff = 2 min(h F, 1), i.e. beta = 2F with h clamped at 1/F.
struct Rule {
    double beta = 0.0;      // 1/s
    double decel = 0.0;     // cm/s^2
    double cap = 0.0;       // s; 0 = one sub-step per tick
    double h_clamp = kInf;  // s; friction uses min(h, h_clamp)
    double snap = 0.0;      // cm/s; a tick ending at or below it stops (0: only a reversal stops)
    double axis = 1.0;      // max(|dir_x|, |dir_y|): the nearly-zero move is tested per component
};

template <class F>
void for_each_sub_step(const Rule& rule, double tick, F&& f) {
    double remaining = tick;
    while (remaining >= movement::unreal_min_tick_time) {
        // Zero friction is never sub-stepped: constant deceleration is exact in one step (section 4 step 5).
        const double h = (rule.cap > 0.0 && remaining > rule.cap && rule.beta != 0.0)
                             ? std::min(rule.cap, remaining * 0.5)
                             : remaining;
        remaining -= h;
        if (!f(h)) {
            return;
        }
    }
}

// The composition of one frame's ticks (section 7.3): speed after the frame P v - B, distance over the frame
// W v - D, log P kept for expm1/log1p arithmetic, and the largest start speed that stops inside the frame.
struct FrameMap {
    double log_p = 0.0;
    double p = 1.0;
    double b = 0.0;
    double w = 0.0;
    double d = 0.0;
    double stop_below = 0.0;  // a frame starting at or below this speed stops in it
    bool reverses = false;    // some sub-step has beta_eff >= 1: the first frame stops (section 7.2, q <= 0)
};

FrameMap frame_map(const Rule& rule, std::span<const double> ticks) {
    FrameMap m;
    double p = 1.0;
    for (const double tick : ticks) {
        for_each_sub_step(rule, tick, [&](double h) {
            const double bh = rule.beta * std::min(h, rule.h_clamp);
            if (bh >= 1.0) {
                m.reverses = true;
                return false;
            }
            m.log_p += std::log1p(-bh);
            p *= 1.0 - bh;
            m.b = (1.0 - bh) * m.b + rule.decel * h;
            return true;
        });
        if (m.reverses) {
            return m;
        }
        m.p = p;
        m.w += tick * p;
        m.d += tick * m.b;
        // The tick stops when its end speed is at most the snap, or its move is nearly zero
        // (movement::step: |v h| <= 1e-4 cm per component). Speeds fall monotonically and every map is
        // increasing, so the frame stops iff its start speed is at most the largest preimage.
        const double threshold =
            std::max(rule.snap, movement::unreal_kinda_small_number / (tick * rule.axis));
        m.stop_below = std::max(m.stop_below, (threshold + m.b) / p);
    }
    return m;
}

// Speed and distance after n whole frames without a stop: v_n = P^n v0 - B S_n and
// sum_k (W v_k - D) = W v0 S_n - W B T_n - n D, with S_n = sum_{k<n} P^k and T_n = sum_{k<n} S_k written with
// expm1 so that P -> 1 (beta -> 0) loses nothing.
struct Whole {
    double speed;
    double distance;
};

Whole after_frames(const FrameMap& m, double v0, double n) {
    double s = n;
    double t = n * (n - 1.0) / 2.0;
    double pn = 1.0;
    // Below 1e-150 (a friction that small, e.g. 1e-300 1/s, issue 40) em1^2 underflows and T_n was 0/0; P is
    // then 1 to far within a double's precision for any n below 2^63, and the sums are n and n (n - 1) / 2.
    if (std::abs(m.log_p) > 1e-150) {
        const double em1 = std::expm1(m.log_p);
        s = std::expm1(n * m.log_p) / em1;
        t = (expm1_minus_x(n * m.log_p) - n * expm1_minus_x(m.log_p)) / (em1 * em1);
        pn = std::exp(n * m.log_p);
    }
    return {pn * v0 - m.b * s, m.w * v0 * s - m.w * m.b * t - n * m.d};
}

// Whole frames in closed form, then the engine's own ticks (`tick_velocity`, the movement model's
// CalcVelocity) for the stopping frame. `stopped(v)` says whether a tick's new velocity ends the run.
template <class TickVelocity>
StopPrediction predict(const Rule& rule, Vec2 direction, double v0, double frame_time,
                       const movement::UnrealTickSchedule& schedule, TickVelocity&& tick_velocity) {
    StopPrediction out;
    if (v0 <= 0.0) {
        out.stops = true;
        return out;
    }
    if ((rule.beta == 0.0 && rule.decel == 0.0) || schedule.count == 0) {
        // ApplyVelocityBraking returns at once when both are zero: no braking, no snap (section 4 step 2).
        out.distance = kInf;
        out.time = kInf;
        return out;
    }
    const FrameMap m = frame_map(rule, schedule.view());
    double full = 0.0;  // whole frames before the stopping frame
    if (!m.reverses && v0 > m.stop_below) {
        const double v_stop = m.stop_below;
        double n = 0.0;  // first (real) n with v_n <= v_stop
        if (m.log_p < 0.0) {
            // v_n + c = P^n (v0 + c), c = decel / beta: n = ln((v0 + c)/(v_stop + c)) / -ln P.
            n = std::log1p(rule.beta * (v0 - v_stop) / (rule.beta * v_stop + rule.decel)) / -m.log_p;
        } else {
            n = (v0 - v_stop) / m.b;
        }
        full = std::min(std::ceil(n), 4e18);
    }
    Whole start = after_frames(m, v0, full);
    // Rounding in the logarithms can put the estimate a frame late; never skip the stopping frame. The speed
    // one frame earlier is the frame map inverted: (v + B) / P. Bounded: above 2^53 frames `full - 1` is
    // `full`, and rounding there is worth more than one frame anyway.
    for (int k = 0; k < 64 && full > 0.0 && (start.speed + m.b) / m.p <= m.stop_below; ++k) {
        const double earlier = std::max(0.0, std::min(full - 1.0, std::nextafter(full, 0.0)));
        full = earlier;
        start = after_frames(m, v0, full);
    }
    Vec2 velocity = direction * start.speed;
    double distance = start.distance;
    auto frames = static_cast<std::int64_t>(full);
    const std::int64_t last_frame = frames + unreal_stop_max_stepped_frames;
    bool stopped = false;
    while (!stopped) {
        if (frames == last_frame) {
            // The estimate was far early (only outside the documented input ranges): report the bound.
            out.at_limit = true;
            out.distance = distance;
            out.frames = frames;
            out.time = kInf;
            return out;
        }
        ++frames;
        for (const double tick : schedule.view()) {
            velocity = tick_velocity(velocity, tick);
            const Vec2 delta = velocity * tick;
            // A reversed or zeroed velocity ends the run; so does a nearly zero move (movement::step).
            if (dot(velocity, direction) <= 0.0 ||
                (std::abs(delta.x) <= movement::unreal_kinda_small_number &&
                 std::abs(delta.y) <= movement::unreal_kinda_small_number)) {
                stopped = true;
                break;
            }
            distance += dot(delta, direction);
        }
    }
    out.stops = true;
    out.distance = distance;
    out.frames = frames;
    out.time = static_cast<double>(frames) * frame_time;
    return out;
}

// Issue 40: a braking whose terms are both tiny or 0, but not both 0 (`--set ground_friction=4.9e-324 --set
// braking_deceleration_walking=0`), stops farther than a double holds (the continuous limit v0 / beta, Epic's
// v / 2 beta), and `kinema stop` printed "inf" and "-nan". Either term at stop_min_braking or more keeps
// every distance and time finite (10^6 cm/s: v0 / beta = 10^18 cm), whatever the other (a subnormal
// friction beside a real deceleration computes exactly, as does a deceleration of 1e-12 alone).
void require_stop_braking(const movement::UnrealSettings& s) {
    const Braking b = unreal_braking(s);
    if ((b.friction == 0.0 && b.deceleration == 0.0) || b.friction >= stop_min_braking ||
        b.deceleration >= stop_min_braking) {
        return;
    }
    const std::string rule =
        "the braking friction (1/s) or the braking deceleration (cm/s^2) must be at least " +
        format_number(stop_min_braking) +
        " for a stop prediction, or both 0 (weaker braking stops farther than a number holds)";
    if (b.friction == 0.0) {
        throw_if_invalid("UnrealSettings",
                         {{"braking_deceleration_walking",
                           "is " + format_number(b.deceleration) + " with no braking friction: " + rule}});
    }
    const bool separate = s.use_separate_braking_friction;
    const std::string friction = separate ? "braking_friction" : "ground_friction";
    const double unfactored = separate ? s.braking_friction : s.ground_friction;
    throw_if_invalid("UnrealSettings",
                     {{unfactored < stop_min_braking ? friction : "braking_friction_factor",
                       "makes the braking friction (" + friction + " x braking_friction_factor) " +
                           format_number(b.friction) + " 1/s, with a braking deceleration of " +
                           format_number(b.deceleration) + ": " + rule}});
}

void check_inputs(FieldErrors& errors, double v0, double frame_time) {
    require_in_range(errors, "speed", v0, 0.0, stop_max_speed);
    require_in_range(errors, "frame_time", frame_time, movement::unreal_min_tick_time, stop_max_frame_time);
}

}  // namespace

Braking unreal_braking(const movement::UnrealSettings& s) {
    return {movement::unreal_braking_friction(s), std::max(0.0, s.braking_deceleration_walking)};
}

double unreal_snap_speed(double deceleration) {
    return deceleration > 0.0 ? movement::unreal_brake_to_stop_velocity
                              : std::sqrt(movement::unreal_kinda_small_number);
}

namespace {

// The distance of the first m frames of discrete_stop without a stop: dt sum_{k=1..m} v_k with
// v_k = v0 q^k - a_B dt (1 - q^k)/u, i.e. dt (v0 A - a_B dt B) with B = sum_{k=1..m} (1 - q^k)/u and
// A = sum_{k=1..m} q^k = m - u B. Where u m is small, B's binomial series B = sum_{j>=1} (-u)^(j-1)
// C(m+1, j+1) (terms falling by u m / 3 or faster), so that a tiny or subnormal u loses nothing; else
// the closed form A = q (1 - q^m)/u, which then cancels at most a few bits.
double discrete_distance(double u, double deceleration, double v0, double dt, double m) {
    double b = 0.0;
    if (u * m < 0.25) {
        double term = m * (m + 1.0) / 2.0;
        for (int j = 1; j < 80 && term != 0.0; ++j) {
            b += term;
            if (std::abs(term) <= 1e-18 * std::abs(b)) {
                break;
            }
            term *= -u * (m - j) / (j + 2.0);
        }
    } else {
        const double a = (1.0 - u) * -std::expm1(m * std::log1p(-u)) / u;
        b = (m - a) / u;
    }
    return dt * (v0 * (m - u * b) - deceleration * dt * b);
}

// continuous_stop where its closed form fails in floating point (issue 40: a friction or deceleration of
// 4.9e-324 printed "continuous limit: -nan"): beta^2 underflows for a friction below 1.5e-154, and x =
// beta dv / base overflows when base = a_B + beta vs is that small beside beta. `dv` = v0 - vs > 0.
StopPrediction continuous_stop_extreme(double beta, double base, double dv, double snap_speed, double x) {
    StopPrediction out;
    out.stops = true;
    if (!std::isfinite(x)) {
        // ln(1 + x) = ln(base + beta dv) - ln(base), each finite; d = dv/beta - base l/beta^2 + vs l/beta.
        const double l = std::log(base + beta * dv) - std::log(base);
        out.time = l / beta;
        out.distance = dv / beta - base * l / (beta * beta) + snap_speed * l / beta;
        return out;
    }
    // A tiny beta: with r = dv/base = x/beta, t = r ln(1 + x)/x and d = base r^2 (x - ln(1 + x))/x^2 + vs t,
    // the ratios tending to 1 and 1/2 (their series where x is too small to divide by).
    const double r = dv / base;
    const bool tiny = x < 1e-4;
    const double log_ratio = tiny ? 1.0 - x / 2.0 + x * x / 3.0 : std::log1p(x) / x;
    const double rest_ratio = tiny ? 0.5 - x / 3.0 + x * x / 4.0 : x_minus_log1p(x) / (x * x);
    out.time = r * log_ratio;
    out.distance = base * r * r * rest_ratio + snap_speed * out.time;
    return out;
}

}  // namespace

StopPrediction continuous_stop(double beta, double deceleration, double v0, double snap_speed) {
    FieldErrors errors;
    require_at_least(errors, "friction", beta, 0.0);
    require_at_least(errors, "deceleration", deceleration, 0.0);
    require_at_least(errors, "speed", v0, 0.0);
    require_at_least(errors, "snap_speed", snap_speed, 0.0);
    throw_if_invalid("continuous stop", errors);
    StopPrediction out;
    out.stops = true;
    if (v0 <= snap_speed) {
        return out;
    }
    if (beta == 0.0 && deceleration == 0.0) {
        out.stops = false;
        out.distance = kInf;
        out.time = kInf;
        return out;
    }
    if (beta == 0.0) {
        // Constant deceleration: t = (v0 - vs)/a_B, d = (v0^2 - vs^2)/(2 a_B).
        out.time = (v0 - snap_speed) / deceleration;
        out.distance = (v0 - snap_speed) * (v0 + snap_speed) / (2.0 * deceleration);
        return out;
    }
    const double base = deceleration + beta * snap_speed;
    if (base == 0.0) {
        // a_B = 0 and no snap: exponential decay, d -> v0/beta, never reaches zero.
        out.stops = false;
        out.distance = v0 / beta;
        out.time = kInf;
        return out;
    }
    // x = beta (v0 - vs)/(a_B + beta vs); ln((a_B + beta v0)/(a_B + beta vs)) = log1p(x);
    // d = (v0 - vs)/beta - a_B/beta^2 log1p(x) = (a_B + beta vs)(x - log1p x)/beta^2 + vs log1p(x)/beta.
    const double x = beta * (v0 - snap_speed) / base;
    if (!std::isfinite(x) || beta * beta < std::numeric_limits<double>::min()) {
        return continuous_stop_extreme(beta, base, v0 - snap_speed, snap_speed, x);
    }
    const double l = std::log1p(x);
    out.time = l / beta;
    out.distance = base * x_minus_log1p(x) / (beta * beta) + snap_speed * l / beta;
    return out;
}

StopPrediction discrete_stop(double beta, double deceleration, double v0, double dt, double snap_speed) {
    FieldErrors errors;
    require_at_least(errors, "friction", beta, 0.0);
    require_at_least(errors, "deceleration", deceleration, 0.0);
    require_at_least(errors, "speed", v0, 0.0);
    require_greater(errors, "dt", dt, 0.0);
    require_at_least(errors, "snap_speed", snap_speed, 0.0);
    throw_if_invalid("discrete stop", errors);
    StopPrediction out;
    out.stops = true;
    if (v0 <= 0.0) {
        return out;
    }
    if (beta == 0.0 && deceleration == 0.0) {
        out.stops = false;
        out.distance = kInf;
        out.time = kInf;
        return out;
    }
    const double u = beta * dt;  // v_n = (v0 + c) q^n - c with q = 1 - u, c = a_B / beta
    if (u >= 1.0) {
        // The first update flips the sign: the character stops in place (unreal-cmc.md section 7.2).
        out.frames = 1;
        out.time = dt;
        return out;
    }
    // N = ceil(ln((v0 + c)/(vs + c)) / -ln q), written without c or a division by beta (issue 40: a
    // subnormal friction made c infinite and the answer NaN): (v0 + c)/(vs + c) = 1 + x with x = u r,
    // r = (v0 - vs)/(u vs + a_B dt), and -ln q = u g(u), so N = r (ln(1 + x)/x) / g(u).
    const double denominator = u * snap_speed + deceleration * dt;
    if (deceleration == 0.0 && snap_speed == 0.0) {
        // a_B = 0 and no snap: exponential decay, never zero; the frames' distances sum to v0 q dt / u.
        out.stops = false;
        out.distance = v0 * (1.0 - u) * dt / u;
        out.time = kInf;
        return out;
    }
    const double r = (v0 - snap_speed) / denominator;  // inf when the denominator underflows
    double n = kInf;
    if (std::isfinite(r)) {
        const double x = u * r;
        const double log_ratio = x < 1e-8 ? 1.0 - x / 2.0 : std::log1p(x) / x;
        const double g = u < 1e-8 ? 1.0 + u / 2.0 : -std::log1p(-u) / u;
        n = std::max(1.0, std::ceil(r * log_ratio / g));
    }
    if (!(n <= static_cast<double>(discrete_stop_max_frames))) {
        // More frames than an int64 counts (e.g. 600 cm/s braking at 5e-324 cm/s^2): report the bound.
        const auto frames = static_cast<double>(discrete_stop_max_frames);
        out.stops = false;
        out.at_limit = true;
        out.frames = discrete_stop_max_frames;
        out.distance = discrete_distance(u, deceleration, v0, dt, frames);
        out.time = kInf;
        return out;
    }
    out.frames = static_cast<std::int64_t>(n);
    out.time = n * dt;
    // The stopping frame is zeroed and does not move: the frames before it do.
    out.distance = std::max(0.0, discrete_distance(u, deceleration, v0, dt, n - 1.0));
    return out;
}

StopPrediction unreal_stop(const movement::UnrealSettings& settings, Vec2 velocity, double frame_time) {
    throw_if_invalid("UnrealSettings", settings.validate());
    require_stop_braking(settings);
    return unreal_stop_unchecked_settings(settings, velocity, frame_time);
}

StopPrediction unreal_stop_unchecked_settings(const movement::UnrealSettings& settings, Vec2 velocity,
                                              double frame_time) {
    FieldErrors errors;
    require_finite(errors, "velocity.x", velocity.x);
    require_finite(errors, "velocity.y", velocity.y);
    check_inputs(errors, errors.empty() ? length(velocity) : 0.0, frame_time);
    throw_if_invalid("stop prediction", errors);
    const double v0 = length(velocity);
    const Vec2 direction = v0 > 0.0 ? velocity / v0 : Vec2{1.0, 0.0};
    const Braking b = unreal_braking(settings);
    Rule rule;
    rule.beta = b.friction;
    rule.decel = b.deceleration;
    rule.cap = movement::unreal_braking_sub_step_cap(settings);
    rule.snap = unreal_snap_speed(b.deceleration);
    rule.axis = std::max(std::abs(direction.x), std::abs(direction.y));
    const movement::UnrealTickSchedule schedule =
        movement::unreal_tick_schedule_unchecked(settings, frame_time);
    return predict(rule, direction, v0, frame_time, schedule, [&](Vec2 v, double tick) {
        return movement::unreal_calc_velocity(settings, v, Vec2{}, tick);
    });
}

StopPrediction unreal_stop(const movement::UnrealSettings& settings, double v0, double frame_time) {
    FieldErrors errors;
    check_inputs(errors, v0, frame_time);
    throw_if_invalid("stop prediction", errors);
    return unreal_stop(settings, Vec2{v0, 0.0}, frame_time);
}

namespace {

void check_trace(FieldErrors& errors, std::span<const double> frame_times) {
    if (frame_times.empty()) {
        errors.push_back({"frame_times", "must hold at least one frame time"});
        return;
    }
    for (std::size_t i = 0; i < frame_times.size(); ++i) {
        if (!(frame_times[i] > 0.0 && frame_times[i] <= stop_max_frame_time)) {
            errors.push_back({"frame_times[" + std::to_string(i) + "]",
                              "must be in (0, " + format_number(stop_max_frame_time) + "], got " +
                                  format_number(frame_times[i])});
            return;
        }
    }
    // The last frame time repeats until the stop: a frame that does nothing would repeat forever.
    require_at_least(errors, "frame_times (last)", frame_times.back(), movement::unreal_min_tick_time);
}

}  // namespace

double mean_frame_time(std::span<const double> frame_times) {
    FieldErrors errors;
    check_trace(errors, frame_times);
    throw_if_invalid("frame-time trace", errors);
    // Neumaier's compensated sum: a plain running sum of 10 million frames of 1e-6 s is 7e-11 short.
    double sum = 0.0;
    double compensation = 0.0;
    for (const double dt : frame_times) {
        const double next = sum + dt;
        compensation += std::abs(sum) >= dt ? (sum - next) + dt : (dt - next) + sum;
        sum = next;
    }
    // The mean lies between the shortest and the longest frame; rounding must not take it outside (a trace
    // of 1e-6 s frames would otherwise fall below the engine's minimum tick).
    const auto [shortest, longest] = std::minmax_element(frame_times.begin(), frame_times.end());
    return std::clamp((sum + compensation) / static_cast<double>(frame_times.size()), *shortest, *longest);
}

StopPrediction unreal_stop_trace(const movement::UnrealSettings& settings, Vec2 velocity,
                                 std::span<const double> frame_times) {
    throw_if_invalid("UnrealSettings", settings.validate());
    require_stop_braking(settings);
    FieldErrors errors;
    require_finite(errors, "velocity.x", velocity.x);
    require_finite(errors, "velocity.y", velocity.y);
    if (errors.empty()) {
        require_in_range(errors, "speed", length(velocity), 0.0, stop_max_speed);
    }
    check_trace(errors, frame_times);
    throw_if_invalid("stop prediction", errors);
    const double v0 = length(velocity);
    StopPrediction out;
    out.stops = true;
    if (v0 <= 0.0) {
        return out;
    }
    const Vec2 direction = velocity / v0;
    const Braking b = unreal_braking(settings);
    if (b.friction == 0.0 && b.deceleration == 0.0) {
        // ApplyVelocityBraking does nothing (unreal-cmc.md section 4 step 2): the character never stops.
        out.stops = false;
        out.distance = kInf;
        out.time = kInf;
        return out;
    }
    // The recorded frames, tick by tick with the movement model's CalcVelocity: each frame has its own tick
    // split (section 2), so no frame map is shared between them. The stop test is movement::step's.
    Vec2 v = velocity;
    double distance = 0.0;
    double time = 0.0;
    std::int64_t frames = 0;
    for (const double frame_time : frame_times) {
        ++frames;
        time += frame_time;
        const movement::UnrealTickSchedule ticks = movement::unreal_tick_schedule(settings, frame_time);
        for (const double tick : ticks.view()) {
            v = movement::unreal_calc_velocity(settings, v, Vec2{}, tick);
            const Vec2 delta = v * tick;
            if (dot(v, direction) <= 0.0 || (std::abs(delta.x) <= movement::unreal_kinda_small_number &&
                                             std::abs(delta.y) <= movement::unreal_kinda_small_number)) {
                out.distance = distance;
                out.time = time;
                out.frames = frames;
                return out;
            }
            distance += dot(delta, direction);
        }
    }
    // Still moving: the last frame time repeats, whole frames in closed form (braking keeps the direction).
    const StopPrediction tail = unreal_stop(settings, direction * length(v), frame_times.back());
    out.stops = tail.stops;
    out.at_limit = tail.at_limit;
    out.distance = distance + tail.distance;
    out.frames = frames + tail.frames;
    out.time = time + tail.time;
    return out;
}

StopPrediction unreal_stop_trace(const movement::UnrealSettings& settings, double v0,
                                 std::span<const double> frame_times) {
    FieldErrors errors;
    require_at_least(errors, "speed", v0, 0.0);
    throw_if_invalid("stop prediction", errors);
    return unreal_stop_trace(settings, Vec2{v0, 0.0}, frame_times);
}

StopPrediction unreal_stop_continuous(const movement::UnrealSettings& settings, double v0) {
    throw_if_invalid("UnrealSettings", settings.validate());
    require_stop_braking(settings);
    const Braking b = unreal_braking(settings);
    return continuous_stop(b.friction, b.deceleration, v0, 0.0);
}

double epic_stop_distance(double beta, double deceleration, double v) {
    const double b = std::max(0.0, beta);
    const double a = std::max(0.0, deceleration);
    const double denom = b * v + a;
    if (!(denom > 0.0)) {
        return 0.0;
    }
    return v * v / (2.0 * denom);
}

Vec2 epic_stop_location(Vec2 velocity, const movement::UnrealSettings& settings) {
    const Braking b = unreal_braking(settings);
    const double v = length(velocity);
    const double denom = b.friction * v + b.deceleration;
    if (!(denom > 0.0) || v == 0.0) {
        return {};
    }
    // Constant deceleration beta v0 + a_B held for T = v/D: offset = V T - (beta V + a_B dir) T^2 / 2.
    const double t = v / denom;
    const Vec2 dir = velocity / v;
    return velocity * t - (velocity * b.friction + dir * b.deceleration) * (0.5 * t * t);
}

Vec2 epic_pivot_location(Vec2 acceleration, Vec2 velocity, double ground_friction) {
    const double a = length(acceleration);
    if (a == 0.0) {
        return {};
    }
    const Vec2 dir = acceleration / a;
    const double along = dot(velocity, dir);
    if (along >= 0.0) {
        return {};
    }
    const double s = -along;
    const double t = s / (a + 2.0 * s * ground_friction);
    const Vec2 force = acceleration - (velocity - dir * length(velocity)) * ground_friction;
    return velocity * t + force * (0.5 * t * t);
}

StopPrediction unreal_pivot(const movement::UnrealSettings& settings, double v0, double frame_time) {
    throw_if_invalid("UnrealSettings", settings.validate());
    FieldErrors errors;
    check_inputs(errors, v0, frame_time);
    // Above MaxSpeed CalcVelocity takes the braking branch instead of the turning rule (section 3 step 6);
    // without acceleration there is no input at all.
    require_in_range(errors, "speed", v0, 0.0, settings.max_walk_speed);
    require_greater(errors, "max_acceleration", settings.max_acceleration, 0.0);
    throw_if_invalid("pivot prediction", errors);
    const double f = std::max(0.0, settings.ground_friction);
    Rule rule;
    rule.beta = 2.0 * f;
    rule.decel = settings.max_acceleration;
    rule.h_clamp = f > 0.0 ? 1.0 / f : kInf;
    const movement::UnrealTickSchedule schedule = movement::unreal_tick_schedule(settings, frame_time);
    return predict(rule, Vec2{1.0, 0.0}, v0, frame_time, schedule, [&](Vec2 v, double tick) {
        return movement::unreal_calc_velocity(settings, v, Vec2{-1.0, 0.0}, tick);
    });
}

}  // namespace kinema::analysis
