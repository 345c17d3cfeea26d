// Morrowind's actor movement through the C ABI: the target speed, the jump and the fall of
// kinema::movement::MorrowindModel (docs/morrowind.md). Every struct is a mirror of the C++ one
// (movement_mirrors.hpp); the model validates the settings and the actor on each call.
#include "guard.hpp"
#include "movement_mirrors.hpp"

namespace kinema::c_abi {
namespace {

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

}  // namespace
}  // namespace kinema::c_abi

using namespace kinema::c_abi;
using kinema::movement::MorrowindModel;

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
        const MorrowindModel model(from_mirror(*settings));  // SettingsError names the bad fields
        *out =
            to_mirror<kinema_morrowind_speed_result>(model.speed(actor_from_c(*actor), from_mirror(*stance)));
    });
}

extern "C" kinema_status kinema_morrowind_jump(const kinema_morrowind_settings* settings,
                                               const kinema_morrowind_actor* actor,
                                               const kinema_morrowind_stance* stance, kinema_vec2 direction,
                                               kinema_morrowind_jump_result* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_all("kinema_morrowind_jump", settings, actor, out);
        require(stance, "kinema_morrowind_jump", "stance");
        const MorrowindModel model(from_mirror(*settings));
        *out = to_mirror<kinema_morrowind_jump_result>(
            model.jump(actor_from_c(*actor), from_mirror(*stance), from_mirror(direction)));
    });
}

extern "C" kinema_status kinema_morrowind_fall(const kinema_morrowind_settings* settings,
                                               const kinema_morrowind_actor* actor, double height,
                                               kinema_morrowind_fall_result* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_all("kinema_morrowind_fall", settings, actor, out);
        const MorrowindModel model(from_mirror(*settings));
        *out = to_mirror<kinema_morrowind_fall_result>(model.fall(actor_from_c(*actor), height));
    });
}
