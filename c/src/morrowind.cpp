// Morrowind's actor movement through the C ABI: the target speed, the jump and the fall of
// kinema::movement::MorrowindModel (docs/morrowind.md). Every struct is a mirror of the C++ one
// (movement_mirrors.hpp); the model validates the settings and the actor on each call.
#include <array>

#include "finite.hpp"
#include "guard.hpp"
#include "movement_mirrors.hpp"

namespace kinema::c_abi {
namespace {

using movement::MorrowindModel;

void require_all(const char* function, const kinema_morrowind_settings* settings,
                 const kinema_morrowind_actor* actor, const void* out) {
    require(settings, function, "settings");
    require(actor, function, "actor");
    require(out, function, "out");
}

/// The C actor as the C++ one. Its kind is a C int: MorrowindModel's per-query check trusts the enum (a C++
/// caller cannot give another value), so a kind that is neither an NPC's nor a creature's goes through the
/// registry's full validation, which names it.
MorrowindActor actor_from_c(const kinema_morrowind_actor& c) {
    const MorrowindActor actor = from_mirror(c);
    if (c.kind != KINEMA_MORROWIND_NPC && c.kind != KINEMA_MORROWIND_CREATURE) {
        throw_if_invalid("MorrowindActor", actor.validate());
    }
    return actor;
}

std::array<ResultField, 5> fields_of(const kinema_morrowind_speed_result& r) {
    return {ResultField{"walk_speed", r.walk_speed}, ResultField{"run_speed", r.run_speed},
            ResultField{"max_speed", r.max_speed}, ResultField{"speed_factor", r.speed_factor},
            ResultField{"move_speed", r.move_speed}};
}

std::array<ResultField, 9> fields_of(const kinema_morrowind_jump_result& r) {
    return {ResultField{"jump_term", r.jump_term},     ResultField{"take_off_speed", r.take_off_speed},
            ResultField{"velocity.x", r.velocity.x},   ResultField{"velocity.y", r.velocity.y},
            ResultField{"velocity.z", r.velocity.z},   ResultField{"fatigue_cost", r.fatigue_cost},
            ResultField{"air_control", r.air_control}, ResultField{"apex_height", r.apex_height},
            ResultField{"airtime", r.airtime}};
}

std::array<ResultField, 2> fields_of(const kinema_morrowind_fall_result& r) {
    return {ResultField{"damage_term", r.damage_term}, ResultField{"health_loss", r.health_loss}};
}

/// query(model) with the caller's settings (validated by MorrowindModel's constructor: SettingsError names
/// the bad fields). A result that is not finite is refused: the actor's numbers or the settings' are each in
/// range and too large together; the same query with the default settings tells which.
template <class Query>
auto finite_query(const char* function, const kinema_morrowind_settings& settings, Query query) {
    const auto result = query(MorrowindModel(from_mirror(settings)));
    if (!all_finite(fields_of(result))) {
        const bool actor_overflows = !all_finite(fields_of(query(MorrowindModel(MorrowindSettings{}))));
        require_finite_result(function, actor_overflows ? "actor" : "settings", "the result",
                              fields_of(result));
    }
    return result;
}

}  // namespace
}  // namespace kinema::c_abi

using namespace kinema::c_abi;

extern "C" kinema_morrowind_settings kinema_morrowind_settings_default(void) {
    return to_mirror<kinema_morrowind_settings>(MorrowindSettings{});
}

extern "C" kinema_morrowind_actor kinema_morrowind_actor_default(void) {
    return to_mirror<kinema_morrowind_actor>(MorrowindActor{});
}

extern "C" kinema_morrowind_stance kinema_morrowind_stance_default(void) {
    return to_mirror<kinema_morrowind_stance>(MorrowindStance{});
}

extern "C" kinema_status kinema_morrowind_speed(const kinema_morrowind_settings* settings,
                                                const kinema_morrowind_actor* actor,
                                                const kinema_morrowind_stance* stance,
                                                kinema_morrowind_speed_result* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_all("kinema_morrowind_speed", settings, actor, out);
        require(stance, "kinema_morrowind_speed", "stance");
        const MorrowindActor a = actor_from_c(*actor);
        const MorrowindStance st = from_mirror(*stance);
        *out = finite_query("kinema_morrowind_speed", *settings, [&](const MorrowindModel& model) {
            return to_mirror<kinema_morrowind_speed_result>(model.speed(a, st));
        });
    });
}

extern "C" kinema_status kinema_morrowind_jump(const kinema_morrowind_settings* settings,
                                               const kinema_morrowind_actor* actor,
                                               const kinema_morrowind_stance* stance, kinema_vec2 direction,
                                               kinema_morrowind_jump_result* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_all("kinema_morrowind_jump", settings, actor, out);
        require(stance, "kinema_morrowind_jump", "stance");
        const MorrowindActor a = actor_from_c(*actor);
        const MorrowindStance st = from_mirror(*stance);
        *out = finite_query("kinema_morrowind_jump", *settings, [&](const MorrowindModel& model) {
            return to_mirror<kinema_morrowind_jump_result>(model.jump(a, st, from_mirror(direction)));
        });
    });
}

extern "C" kinema_status kinema_morrowind_fall(const kinema_morrowind_settings* settings,
                                               const kinema_morrowind_actor* actor, double height,
                                               kinema_morrowind_fall_result* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_all("kinema_morrowind_fall", settings, actor, out);
        const MorrowindActor a = actor_from_c(*actor);
        *out = finite_query("kinema_morrowind_fall", *settings, [&](const MorrowindModel& model) {
            return to_mirror<kinema_morrowind_fall_result>(model.fall(a, height));
        });
    });
}
