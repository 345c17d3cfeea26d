// `kinema morrowind speed|jump|fall`'s answers composed from the model, and their human tables.
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "kinema/core/format.hpp"
#include "kinema/report/morrowind.hpp"

namespace kinema::report {

using namespace kinema::movement;

namespace {

// Tables round to 10 significant digits for reading; --json prints every double exactly (shortest
// round-trip).
std::string readable(double value) {
    return fmt::format("{:.10g}", value);
}

// A three-column table: quantity, value, unit.
class Table {
  public:
    explicit Table(std::string title) : out_(std::move(title) + "\n") {}
    void row(std::string_view quantity, std::string_view value, std::string_view unit = "") {
        out_ += fmt::format("  {:<28} {:>14}  {}\n", quantity, value, unit);
        // Trailing spaces after an empty unit would make the output awkward to diff.
        while (out_.size() > 1 && out_[out_.size() - 2] == ' ') {
            out_.erase(out_.size() - 2, 1);
        }
    }
    void row(std::string_view quantity, double value, std::string_view unit = "") {
        row(quantity, std::string_view(readable(value)), unit);
    }
    void flag(std::string_view quantity, bool value) {
        row(quantity, std::string_view(value ? "yes" : "no"));
    }
    const std::string& str() const { return out_; }

  private:
    std::string out_;
};

}  // namespace

std::string describe_morrowind_actor(const MorrowindActor& a, const MorrowindModel& model) {
    return fmt::format(
        "{}, Speed {}, Athletics {}, Acrobatics {}, encumbrance {}, fatigue {}; gravity {} ({} u/s^2)",
        a.kind == MorrowindActorKind::npc ? (a.werewolf ? "NPC werewolf" : "NPC") : "creature",
        format_number(a.speed), format_number(a.athletics), format_number(a.acrobatics),
        format_number(a.normalized_encumbrance), format_number(a.fatigue_ratio),
        morrowind_rule(model.settings(), "gravity"), format_number(model.gravity()));
}

MorrowindSpeedResult morrowind_speed(const MorrowindModel& model, const MorrowindActor& actor,
                                     const MorrowindStance& stance) {
    MorrowindSpeedResult r;
    r.speed = model.speed(actor, stance);
    r.animation = model.animation(actor, r.speed);
    r.speed_attribute_at_cap = model.speed_attribute_at_cap(actor, stance);
    return r;
}

MorrowindJumpResult morrowind_jump(const MorrowindModel& model, const MorrowindActor& actor,
                                   const MorrowindStance& stance, Vec2 direction) {
    MorrowindJumpResult r{direction, model.jump(actor, stance, direction), {}};
    r.arc = model.simulate_jump(r.jump.velocity.z);
    return r;
}

std::string morrowind_speed_text(const MorrowindModel& model, const MorrowindActor& actor,
                                 const MorrowindSpeedResult& result) {
    const MorrowindSpeed& s = result.speed;
    const MorrowindAnimation& an = result.animation;
    Table t("kinema morrowind speed: " + describe_morrowind_actor(actor, model));
    t.row("mode", to_string(s.mode));
    t.row("walk speed", s.walk_speed, "u/s");
    t.row("run speed", s.run_speed, "u/s");
    t.row("max speed", s.max_speed, "u/s");
    t.flag("werewolf bonus", s.werewolf_bonus);
    t.row("analog speed factor", s.speed_factor);
    t.flag("strafing (x 0.75)", s.strafing);
    t.row("target speed", s.move_speed, "u/s");
    t.row("animation base speed", an.base_speed > 0.0 ? readable(an.base_speed) : "unknown", "u/s");
    t.row("playback scale", an.playback_scale);
    t.flag("at playback cap", an.at_cap);
    t.row("vanilla (capped) speed", an.capped_speed, "u/s");
    t.row(fmt::format("real speed ({} cap)", morrowind_rule(model.settings(), "speed_cap")), an.real_speed,
          "u/s");
    const std::optional<double>& cap = result.speed_attribute_at_cap;
    t.row("Speed attribute at cap", cap ? readable(*cap) : "none");
    return t.str();
}

std::string morrowind_jump_text(const MorrowindModel& model, const MorrowindActor& actor,
                                const MorrowindJumpResult& result) {
    const MorrowindJump& j = result.jump;
    Table t("kinema morrowind jump: " + describe_morrowind_actor(actor, model));
    t.flag("can jump", j.can_jump);
    t.row("jump term x", j.jump_term, "u/s");
    t.row("take-off speed v", j.take_off_speed, "u/s");
    t.row("velocity x", j.velocity.x, "u/s");
    t.row("velocity y", j.velocity.y, "u/s");
    t.row("velocity z", j.velocity.z, "u/s");
    t.row("fatigue cost", j.fatigue_cost, "points");
    t.row(fmt::format("air control ({})", morrowind_rule(model.settings(), "air_control")), j.air_control);
    t.row("apex (continuous)", j.apex_height, "u");
    t.row("airtime (continuous)", j.airtime, "s");
    t.row("physics step", model.settings().physics_step, "s");
    t.row("apex (stepped)", result.arc.apex_height, "u");
    t.row("airtime (stepped)", result.arc.airtime, "s");
    return t.str();
}

std::string morrowind_fall_text(const MorrowindModel& model, const MorrowindActor& actor,
                                const MorrowindFallResult& result) {
    const MorrowindFall& f = result.fall;
    Table t("kinema morrowind fall: " + describe_morrowind_actor(actor, model));
    t.row("fall height", result.height, "u");
    t.flag(fmt::format("soft landing ({} threshold)", morrowind_rule(model.settings(), "fall_threshold")),
           f.soft_landing);
    t.row("fatigue term", fatigue_term(model.settings().gmsts, actor.fatigue_ratio));
    t.row("damage term x", f.damage_term);
    t.row("health loss", f.health_loss, "points");
    t.flag("knockdown", f.knockdown);
    return t.str();
}

}  // namespace kinema::report
