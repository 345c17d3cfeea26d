#include "kinema/analysis/stop.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kinema::analysis {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// expm1(x) - x without the cancellation for small |x| (Taylor series from x^2/2).
double expm1_minus_x(double x) {
    if (std::abs(x) < 0.5) {
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

// One affine speed rule v' = v + (-beta_eff v - decel) h applied sub-step by sub-step inside each PhysWalking
// tick. Braking (ApplyVelocityBraking, unreal-cmc.md section 4): beta_eff = beta, sub-steps capped at `cap`.
// Pivot (CalcVelocity turning rule, section 3 step 7): one sub-step per tick, beta_eff h = 2 min(h F, 1),
// i.e. beta = 2F with h clamped at 1/F.
struct Rule {
    double beta = 0.0;      // 1/s
    double decel = 0.0;     // cm/s^2
    double cap = 0.0;       // s; 0 = one sub-step per tick
    double h_clamp = kInf;  // s; friction uses min(h, h_clamp)
    double snap_sq = -1.0;  // cm^2/s^2; after a tick v^2 <= snap_sq zeroes the speed; < 0 = no snap
};

template <class F>
void for_each_sub_step(const Rule& rule, double tick, F&& f) {
    double remaining = tick;
    while (remaining >= kMinTickTime) {
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

double friction_term(const Rule& rule, double h) {
    return rule.beta * std::min(h, rule.h_clamp);
}

// Steps one tick from speed v > 0 exactly as the engine does; returns the speed the tick moves with (0 once
// stopped: the reversal check or the snap zero it before the move).
double step_tick(const Rule& rule, double tick, double v, bool& stopped) {
    const double v_old = v;
    stopped = false;
    for_each_sub_step(rule, tick, [&](double h) {
        v = v - friction_term(rule, h) * v - rule.decel * h;
        if (v * v_old <= 0.0) {
            v = 0.0;
            stopped = true;
            return false;
        }
        return true;
    });
    if (!stopped && rule.snap_sq >= 0.0 && v * v <= rule.snap_sq) {
        v = 0.0;
        stopped = true;
    }
    return v;
}

// The composition of one frame's ticks: speed after the frame P v - B, distance over the frame W v - D
// (unreal-cmc.md section 7.3), with log P kept for expm1/log1p arithmetic.
struct FrameMap {
    double ticks[25] = {};
    int tick_count = 0;
    double log_p = 0.0;
    double b = 0.0;
    double w = 0.0;
    double d = 0.0;
    bool reverses = false;  // some sub-step has beta_eff h >= 1: the first frame stops (section 7.2, q <= 0)
};

FrameMap frame_map(const Rule& rule, const double (&ticks)[25], int tick_count) {
    FrameMap m;
    std::copy(ticks, ticks + tick_count, m.ticks);
    m.tick_count = tick_count;
    double p = 1.0;
    for (int i = 0; i < tick_count; ++i) {
        for_each_sub_step(rule, ticks[i], [&](double h) {
            const double bh = friction_term(rule, h);
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
        m.w += ticks[i] * p;
        m.d += ticks[i] * m.b;
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
    if (m.log_p != 0.0) {
        const double em1 = std::expm1(m.log_p);
        s = std::expm1(n * m.log_p) / em1;
        t = (expm1_minus_x(n * m.log_p) - n * expm1_minus_x(m.log_p)) / (em1 * em1);
        pn = std::exp(n * m.log_p);
    }
    return {pn * v0 - m.b * s, m.w * v0 * s - m.w * m.b * t - n * m.d};
}

bool snapped(const Rule& rule, double v) {
    return v <= 0.0 || (rule.snap_sq >= 0.0 && v * v <= rule.snap_sq);
}

StopPrediction predict(const Rule& rule, double v0, double frame_time, const double (&ticks)[25],
                       int tick_count) {
    StopPrediction out;
    if (v0 <= 0.0) {
        out.stops = true;
        return out;
    }
    if ((rule.beta == 0.0 && rule.decel == 0.0) || tick_count == 0) {
        // ApplyVelocityBraking returns at once when both are zero: no braking, no snap (section 4 step 2).
        out.distance = kInf;
        out.time = kInf;
        return out;
    }
    const FrameMap m = frame_map(rule, ticks, tick_count);
    double full = 0.0;  // whole frames that end above the snap speed
    if (!m.reverses) {
        const double snap = rule.snap_sq >= 0.0 ? std::sqrt(rule.snap_sq) : 0.0;
        double n_end = kInf;  // first n with v_n <= snap
        if (m.log_p < 0.0) {
            // v_n + c = P^n (v0 + c), c = a_B / beta: n = ln((v0 + c)/(snap + c)) / -ln P.
            const double denom = rule.beta * snap + rule.decel;
            if (denom > 0.0) {
                n_end = std::log1p(rule.beta * (v0 - snap) / denom) / -m.log_p;
            }
        } else if (m.b > 0.0) {
            n_end = (v0 - snap) / m.b;
        }
        if (!std::isfinite(n_end)) {
            // Only friction, no snap (the pivot with zero acceleration): the speed decays forever.
            out.distance = m.w * v0 / -std::expm1(m.log_p);
            out.time = kInf;
            return out;
        }
        full = std::max(0.0, std::ceil(n_end) - 1.0);
        full = std::min(full, 4e18);
        // Rounding in the logarithms can put the estimate one frame late; never skip past the stopping frame.
        while (full > 0.0 && snapped(rule, after_frames(m, v0, full).speed)) {
            full -= 1.0;
        }
    }
    const Whole start = after_frames(m, v0, full);
    double v = start.speed;
    double distance = start.distance;
    std::int64_t frames = static_cast<std::int64_t>(full);
    // The final frame(s), tick by tick: the snap or reversal decides the exact tick.
    bool stopped = false;
    while (!stopped) {
        ++frames;
        for (int i = 0; i < tick_count && !stopped; ++i) {
            v = step_tick(rule, ticks[i], v, stopped);
            distance += v * ticks[i];
        }
    }
    out.stops = true;
    out.distance = distance;
    out.frames = frames;
    out.time = static_cast<double>(frames) * frame_time;
    return out;
}

void check_inputs(FieldErrors& errors, double v0, double frame_time) {
    require_at_least(errors, "speed", v0, 0.0);
    require_at_least(errors, "frame_time", frame_time, kMinTickTime);
}

Rule braking_rule(const movement::UnrealSettings& s) {
    const Braking b = unreal_braking(s);
    Rule rule;
    rule.beta = b.friction;
    rule.decel = b.deceleration;
    rule.cap = std::clamp(s.braking_sub_step_time, 1.0 / 75.0, 1.0 / 20.0);
    rule.snap_sq = b.deceleration > 0.0 ? kBrakeToStopVelocity * kBrakeToStopVelocity : kKindaSmallNumber;
    return rule;
}

}  // namespace

Braking unreal_braking(const movement::UnrealSettings& s) {
    const double friction = s.use_separate_braking_friction ? s.braking_friction : s.ground_friction;
    return {std::max(0.0, friction * std::max(0.0, s.braking_friction_factor)),
            std::max(0.0, s.braking_deceleration_walking)};
}

double unreal_snap_speed(double deceleration) {
    return deceleration > 0.0 ? kBrakeToStopVelocity : std::sqrt(kKindaSmallNumber);
}

int unreal_tick_schedule(double frame_time, double max_simulation_time_step, int max_simulation_iterations,
                         double (&ticks)[25]) {
    // GetSimulationTimeStep (unreal-cmc.md section 2): halve long remainders, at most
    // max_simulation_time_step, and give the last allowed iteration all that is left.
    const int max_iterations = std::clamp(max_simulation_iterations, 1, 25);
    double remaining = frame_time;
    int count = 0;
    while (remaining >= kMinTickTime && count < max_iterations) {
        ++count;
        double step = remaining;
        if (remaining > max_simulation_time_step && count < max_iterations) {
            step = std::min(max_simulation_time_step, remaining * 0.5);
        }
        step = std::max(kMinTickTime, step);
        ticks[count - 1] = step;
        remaining -= step;
    }
    return count;
}

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
    const double q = 1.0 - beta * dt;
    std::int64_t n = 1;
    double distance = 0.0;
    if (q <= 0.0) {
        // The first update flips the sign: the character stops in place (unreal-cmc.md section 7.2).
        n = 1;
    } else if (beta == 0.0) {
        // v_n = v0 - n a_B dt; N = ceil((v0 - vs)/(a_B dt)); d = dt ((N-1) v0 - a_B dt (N-1) N / 2).
        const double nn = std::max(1.0, std::ceil((v0 - snap_speed) / (deceleration * dt)));
        n = static_cast<std::int64_t>(nn);
        distance = dt * ((nn - 1.0) * v0 - deceleration * dt * (nn - 1.0) * nn / 2.0);
    } else {
        // v_n = (v0 + c) q^n - c; N = ceil(ln((vs + c)/(v0 + c)) / ln q);
        // d = (v0 + c) q (1 - q^(N-1))/beta - c (N-1) dt.
        const double c = deceleration / beta;
        if (snap_speed + c <= 0.0) {
            out.stops = false;
            out.distance = v0 * q / beta;
            out.time = kInf;
            return out;
        }
        const double lq = std::log1p(-beta * dt);
        const double nn = std::max(
            1.0, std::ceil(std::log1p(beta * (v0 - snap_speed) / (beta * snap_speed + deceleration)) / -lq));
        n = static_cast<std::int64_t>(nn);
        distance = (v0 + c) * q * -std::expm1((nn - 1.0) * lq) / beta - c * (nn - 1.0) * dt;
    }
    out.frames = n;
    out.time = static_cast<double>(n) * dt;
    out.distance = std::max(0.0, distance);
    return out;
}

StopPrediction unreal_stop(const movement::UnrealSettings& settings, double v0, double frame_time) {
    throw_if_invalid("UnrealSettings", settings.validate());
    FieldErrors errors;
    check_inputs(errors, v0, frame_time);
    throw_if_invalid("stop prediction", errors);
    double ticks[25];
    const int count = unreal_tick_schedule(frame_time, settings.max_simulation_time_step,
                                           settings.max_simulation_iterations, ticks);
    return predict(braking_rule(settings), v0, frame_time, ticks, count);
}

StopPrediction unreal_stop_continuous(const movement::UnrealSettings& settings, double v0) {
    throw_if_invalid("UnrealSettings", settings.validate());
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

StopPrediction unreal_pivot(const movement::UnrealSettings& settings, double v0, double frame_time,
                            double acceleration) {
    throw_if_invalid("UnrealSettings", settings.validate());
    const double accel = acceleration < 0.0 ? settings.max_acceleration : acceleration;
    FieldErrors errors;
    check_inputs(errors, v0, frame_time);
    // Above MaxSpeed CalcVelocity takes the braking branch instead of the turning rule (section 3 step 6).
    require_in_range(errors, "speed", v0, 0.0, settings.max_walk_speed);
    require_in_range(errors, "acceleration", accel, 0.0, settings.max_acceleration);
    throw_if_invalid("pivot prediction", errors);
    Rule rule;
    const double f = std::max(0.0, settings.ground_friction);
    rule.beta = 2.0 * f;
    rule.decel = accel;
    rule.h_clamp = f > 0.0 ? 1.0 / f : kInf;
    double ticks[25];
    const int count = unreal_tick_schedule(frame_time, settings.max_simulation_time_step,
                                           settings.max_simulation_iterations, ticks);
    return predict(rule, v0, frame_time, ticks, count);
}

}  // namespace kinema::analysis
