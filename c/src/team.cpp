// kinema_pursuer_team: a team of runtime pursuers (kinema/pursuit/team.hpp) over any space, so that a game
// ticks the reasoning `kinema pursue --npc ... --team MODE` runs. Conversions only: every decision is the C++
// team's.
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "guard.hpp"
#include "handles.hpp"
#include "kinema/pursuit/space.hpp"
#include "kinema/pursuit/team.hpp"
#include "live_handles.hpp"
#include "mirrors.hpp"
#include "pursuer_conversions.hpp"

namespace pu = kinema::pursuit;

static_assert(KINEMA_TEAM_INDEPENDENT == static_cast<int>(pu::TeamMode::independent));
static_assert(KINEMA_TEAM_SHARED == static_cast<int>(pu::TeamMode::shared));
static_assert(KINEMA_TEAM_SPLIT == static_cast<int>(pu::TeamMode::split));
static_assert(KINEMA_TEAM_MAX_NPCS == pu::max_team_npcs);

struct kinema_pursuer_team {
    // The level as a pursuit space of this team's own (its path planner), then the team over it.
    const kinema_space* level;  // checked live on every call: the pursuit space reads it
    std::unique_ptr<pu::PursuitSpace> space;
    pu::PursuerTeam team;
    std::vector<pu::PursuerInput> inputs;  // one per NPC, reused by every update: no allocation per frame
    void* user_data = nullptr;  // the caller's (kinema_pursuer_team_set_user_data), never read here

    kinema_pursuer_team(const kinema_space* level_space, int npcs, pu::TeamMode mode,
                        const pu::PursuerSettings& settings, const kinema::chase::FloodSettings& flood)
        : level(level_space),
          space(level->holder->pursuit_space()),
          team(*space, npcs, mode, settings, flood),
          inputs(static_cast<std::size_t>(team.size())) {}
};

namespace kinema::c_abi {
namespace {

pu::TeamMode mode_from_c(int mode) {
    if (mode < KINEMA_TEAM_INDEPENDENT || mode > KINEMA_TEAM_SPLIT) {
        throw std::invalid_argument("mode: must be a kinema_team_mode (0 to 2), got " + std::to_string(mode));
    }
    return static_cast<pu::TeamMode>(mode);
}

void require_live_team(const kinema_pursuer_team* team, const char* function) {
    require_live(team, HandleKind::team, function, "team");
    require_live(team->level, HandleKind::space, function, "the team's space");
}

void outputs_to_c(const pu::PursuerTeam& team, kinema_pursuer_output* outputs) {
    for (int i = 0; i < team.size(); ++i) {
        outputs[i] = output_to_c(team.npc(i).output());
    }
}

}  // namespace
}  // namespace kinema::c_abi

using namespace kinema::c_abi;

extern "C" kinema_status kinema_pursuer_team_create(const kinema_space* space,
                                                    const kinema_pursuer_settings* settings, int npcs,
                                                    int mode, kinema_pursuer_team** out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live(space, HandleKind::space, "kinema_pursuer_team_create", "space");
        require(settings, "kinema_pursuer_team_create", "settings");
        require(out, "kinema_pursuer_team_create", "out");
        const pu::TeamMode team_mode = mode_from_c(mode);
        const pu::PursuerSettings pursuer_settings = settings_from_c(*settings);  // checked first
        *out = make_live(std::make_unique<kinema_pursuer_team>(space, npcs, team_mode, pursuer_settings,
                                                               from_c(settings->flood)),
                         HandleKind::team);
    });
}

extern "C" kinema_status kinema_pursuer_team_update(kinema_pursuer_team* team,
                                                    const kinema_pursuer_input* inputs, int count,
                                                    kinema_pursuer_output* outputs) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live_team(team, "kinema_pursuer_team_update");
        if (count != team->team.size()) {
            throw std::invalid_argument("kinema_pursuer_team_update: count must be the team's size, " +
                                        std::to_string(team->team.size()) + ", got " + std::to_string(count));
        }
        require(inputs, "kinema_pursuer_team_update", "inputs");
        require(outputs, "kinema_pursuer_team_update", "outputs");
        for (std::size_t i = 0; i < team->inputs.size(); ++i) {
            team->inputs[i] = input_from_c(inputs[i]);
        }
        team->team.update(team->inputs);
        outputs_to_c(team->team, outputs);
    });
}

extern "C" kinema_status kinema_pursuer_team_stimulus(kinema_pursuer_team* team, kinema_vec3 position,
                                                      double delay, kinema_pursuer_output* outputs) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live_team(team, "kinema_pursuer_team_stimulus");
        team->team.stimulus(from_c(position), delay);
        if (outputs != nullptr) {
            outputs_to_c(team->team, outputs);
        }
    });
}

extern "C" kinema_status kinema_pursuer_team_events(const kinema_pursuer_team* team, int npc,
                                                    kinema_pursuer_event* events, int capacity, int* count) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live_team(team, "kinema_pursuer_team_events");
        if (npc < 0 || npc >= team->team.size()) {
            throw std::invalid_argument("kinema_pursuer_team_events: npc must be in [0, " +
                                        std::to_string(team->team.size() - 1) + "], got " +
                                        std::to_string(npc));
        }
        events_to_c(team->team.npc(npc), team->space->frame(), "kinema_pursuer_team_events", events, capacity,
                    count);
    });
}

extern "C" kinema_status kinema_pursuer_team_reset(kinema_pursuer_team* team) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live_team(team, "kinema_pursuer_team_reset");
        team->team.reset();
    });
}

extern "C" void kinema_pursuer_team_destroy(kinema_pursuer_team* team) {
    destroy_live(team, HandleKind::team);
}

extern "C" kinema_status kinema_pursuer_team_set_user_data(kinema_pursuer_team* team, void* user_data) {
    return set_user_data_of(team, HandleKind::team, "kinema_pursuer_team_set_user_data", "team", user_data);
}

extern "C" void* kinema_pursuer_team_user_data(const kinema_pursuer_team* team) {
    return user_data_of(team, HandleKind::team, "kinema_pursuer_team_user_data", "team");
}
