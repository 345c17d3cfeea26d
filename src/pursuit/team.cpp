// A team of runtime pursuers (team.hpp; docs/pursuit.md "Teams"): the team's sighting handed to every
// pursuer, the split of a flood chase into one destination per chasing NPC with its least-total-path
// assignment, and the shared search (team_search.hpp).
#include "kinema/pursuit/team.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>

#include "kinema/chase/split.hpp"
#include "pursuer_impl.hpp"

namespace kinema::pursuit {

namespace {

constexpr double kUnreachable = std::numeric_limits<double>::infinity();

// The NPCs' assignment to destinations (cost[i][d]: NPC i's path length to destination d; as many of
// each) with the least total path length: a DP over the subsets of destinations taken by the first NPCs,
// O(K^2 2^K) for K <= 16. Ties go to the lower destination for the earlier NPC (the first found).
std::vector<int> least_total_assignment(const std::vector<std::vector<double>>& cost) {
    const std::size_t k = cost.size();
    const std::size_t subsets = std::size_t{1} << k;
    std::vector<double> best(subsets, kUnreachable);
    std::vector<std::int8_t> last(subsets, -1);  // the destination the last NPC of the subset took
    best[0] = 0.0;
    for (std::size_t taken = 0; taken < subsets; ++taken) {
        if (best[taken] == kUnreachable) {
            continue;
        }
        const auto npc = static_cast<std::size_t>(std::popcount(taken));
        if (npc == k) {
            continue;
        }
        for (std::size_t d = 0; d < k; ++d) {
            const std::size_t next = taken | (std::size_t{1} << d);
            // Unreachable paths count as very long, so that every NPC still gets a destination.
            const double c = best[taken] + std::min(cost[npc][d], 1e300);
            if (next != taken && c < best[next]) {
                best[next] = c;
                last[next] = static_cast<std::int8_t>(d);
            }
        }
    }
    std::vector<int> assignment(k, 0);
    for (std::size_t taken = subsets - 1, npc = k; npc-- > 0;) {
        assignment[npc] = last[taken];
        taken &= ~(std::size_t{1} << static_cast<std::size_t>(last[taken]));
    }
    return assignment;
}

}  // namespace

class PursuerTeam::Impl {
  public:
    Impl(PursuitSpace& space, int npcs, TeamMode mode, const PursuerSettings& settings,
         const chase::FloodSettings& flood)
        : space_(space), mode_(mode) {
        if (npcs < 1 || npcs > max_team_npcs) {
            throw_if_invalid("PursuerTeam",
                             FieldErrors{{"npcs", "must be in [1, 16], got " + std::to_string(npcs)}});
        }
        pursuers_.reserve(static_cast<std::size_t>(npcs));
        impls_.reserve(static_cast<std::size_t>(npcs));
        for (int i = 0; i < npcs; ++i) {
            auto impl = std::make_unique<Pursuer::Impl>(space, settings, flood);
            impls_.push_back(impl.get());
            pursuers_.emplace_back(std::move(impl));
        }
        told_.resize(pursuers_.size());
        positions_.resize(pursuers_.size());
        chasers_.reserve(pursuers_.size());
        set_mode(mode);
    }

    // Split teams share one search; the others search alone.
    void set_mode(TeamMode mode) {
        mode_ = mode;
        const bool shared_search = mode == TeamMode::split && pursuers_.size() > 1;
        for (std::size_t i = 0; i < pursuers_.size(); ++i) {
            impls_[i]->join_team_search(shared_search ? &search_ : nullptr, static_cast<int>(i));
        }
        reset();
    }

    void set_settings(const PursuerSettings& settings, const chase::FloodSettings& flood) {
        for (Pursuer& p : pursuers_) {
            p.set_settings(settings, flood);
        }
        reset();
    }
    void reset() {
        for (Pursuer& p : pursuers_) {
            p.reset();
        }
        search_.reset(size());
    }
    int size() const { return static_cast<int>(pursuers_.size()); }
    TeamMode mode() const { return mode_; }
    const Pursuer& npc(int i) const { return pursuers_.at(static_cast<std::size_t>(i)); }

    void update(std::span<const PursuerInput> inputs);
    void stimulus(Vec3 position, double delay);

  private:
    void check(std::span<const PursuerInput> inputs) const;
    void tell_sighting(std::span<const PursuerInput> inputs);
    void after_calls();
    void split_chases();
    double path_length(Vec3 from, Vec3 to);

    PursuitSpace& space_;
    TeamMode mode_;
    std::vector<Pursuer> pursuers_;
    std::vector<Pursuer::Impl*> impls_;  // pursuers_[i]'s implementation, made here (the team's own access)
    detail::TeamSearch search_;
    std::vector<PursuerInput> told_;  // what each pursuer is told this frame
    std::vector<Vec3> positions_;     // the NPCs' positions at the last update
    std::vector<int> chasers_;        // the NPCs whose chase started in this call
    std::vector<Vec3> corners_;
};

void PursuerTeam::Impl::check(std::span<const PursuerInput> inputs) const {
    if (inputs.size() != pursuers_.size()) {
        throw_if_invalid("pursuer team input",
                         FieldErrors{{"inputs", "expected " + std::to_string(pursuers_.size()) +
                                                    " NPCs' inputs, got " + std::to_string(inputs.size())}});
    }
    for (const PursuerInput& in : inputs) {
        throw_if_invalid("pursuer input", detail::input_errors(in));
        if (in.dt != inputs[0].dt) {
            throw_if_invalid("pursuer team input",
                             FieldErrors{{"inputs", "every NPC's dt must be the same"}});
        }
    }
}

// Shared and split: any NPC's sighting is the team's (the player's position and motion from the first NPC
// that sees them).
void PursuerTeam::Impl::tell_sighting(std::span<const PursuerInput> inputs) {
    std::copy(inputs.begin(), inputs.end(), told_.begin());
    if (mode_ == TeamMode::independent) {
        return;
    }
    for (const PursuerInput& seer : inputs) {
        if (seer.sees_player) {
            for (PursuerInput& in : told_) {
                in.sees_player = true;
                in.player_position = seer.player_position;
                in.player_velocity = seer.player_velocity;
            }
            return;
        }
    }
}

void PursuerTeam::Impl::update(std::span<const PursuerInput> inputs) {
    check(inputs);
    tell_sighting(inputs);
    for (std::size_t i = 0; i < pursuers_.size(); ++i) {
        positions_[i] = inputs[i].npc_position;
        impls_[i]->update_checked(told_[i]);  // check() passed every input
    }
    after_calls();
}

void PursuerTeam::Impl::stimulus(Vec3 position, double delay) {
    for (Pursuer& p : pursuers_) {
        p.stimulus(position, delay);
    }
    after_calls();
}

// Split mode: a new chase ends the shared search and splits the flood among the NPCs it sent; an NPC that
// stopped searching frees its target.
void PursuerTeam::Impl::after_calls() {
    if (mode_ != TeamMode::split || pursuers_.size() < 2) {
        return;
    }
    split_chases();
    for (std::size_t i = 0; i < pursuers_.size(); ++i) {
        if (pursuers_[i].output().state != NpcState::search) {
            search_.leave(static_cast<int>(i));
        }
    }
}

void PursuerTeam::Impl::split_chases() {
    chasers_.clear();
    for (std::size_t i = 0; i < pursuers_.size(); ++i) {
        for (const PursuitEvent& e : pursuers_[i].events()) {
            if (e.kind == EventKind::chase) {
                chasers_.push_back(static_cast<int>(i));
                break;
            }
        }
    }
    if (chasers_.empty()) {
        return;
    }
    search_.end();
    // The strategy table says whether there is heat to split; else the chasers share their one destination.
    const chase::Flood* heat =
        chasers_.size() < 2 ? nullptr : impls_[static_cast<std::size_t>(chasers_[0])]->split_heat();
    if (heat == nullptr) {
        return;
    }
    const chase::SplitDestinations split =
        chase::split_destinations(*heat, static_cast<int>(chasers_.size()));
    const std::size_t k = chasers_.size();
    // Fewer heated cells than NPCs: the regions' destinations again, largest heat first.
    std::vector<Vec3> destinations(k);
    for (std::size_t d = 0; d < k; ++d) {
        destinations[d] = split.regions[d % split.regions.size()].destination;
    }
    std::vector<std::vector<double>> cost(k, std::vector<double>(k));
    for (std::size_t i = 0; i < k; ++i) {
        for (std::size_t d = 0; d < k; ++d) {
            cost[i][d] = path_length(positions_[static_cast<std::size_t>(chasers_[i])], destinations[d]);
        }
    }
    const std::vector<int> assignment = least_total_assignment(cost);
    for (std::size_t i = 0; i < k; ++i) {
        impls_[static_cast<std::size_t>(chasers_[i])]->redirect(
            destinations[static_cast<std::size_t>(assignment[i])]);
    }
}

// The NPC's path length (level units) to a destination, by the space's planner; unreachable: infinity.
double PursuerTeam::Impl::path_length(Vec3 from, Vec3 to) {
    if (!space_.plan(from, to, corners_)) {
        return kUnreachable;
    }
    double total = 0.0;
    Vec3 at = from;
    for (const Vec3& c : corners_) {
        total += length(c - at);
        at = c;
    }
    return total;
}

PursuerTeam::PursuerTeam(PursuitSpace& space, int npcs, TeamMode mode, const PursuerSettings& settings,
                         const chase::FloodSettings& flood)
    : impl_(std::make_unique<Impl>(space, npcs, mode, settings, flood)) {}
PursuerTeam::~PursuerTeam() = default;
PursuerTeam::PursuerTeam(PursuerTeam&&) noexcept = default;
PursuerTeam& PursuerTeam::operator=(PursuerTeam&&) noexcept = default;

void PursuerTeam::set_settings(const PursuerSettings& settings, const chase::FloodSettings& flood) {
    impl_->set_settings(settings, flood);
}
void PursuerTeam::reset() {
    impl_->reset();
}
void PursuerTeam::set_mode(TeamMode mode) {
    impl_->set_mode(mode);
}
int PursuerTeam::size() const {
    return impl_->size();
}
TeamMode PursuerTeam::mode() const {
    return impl_->mode();
}
void PursuerTeam::update(std::span<const PursuerInput> inputs) {
    impl_->update(inputs);
}
void PursuerTeam::stimulus(Vec3 position, double delay) {
    impl_->stimulus(position, delay);
}
const Pursuer& PursuerTeam::npc(int i) const {
    return impl_->npc(i);
}

}  // namespace kinema::pursuit
