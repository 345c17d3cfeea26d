// A reusable pursuit runner (docs/pursuit.md "The runner"), in the style of Detour's query objects: created
// over a PursuitSpace with a PursuitConfig, then started on a scenario and stepped one fixed step at a time
// (or run to the end). It owns the pursuit's parts -- the NPC's navigator, the chase's floods, the search's
// occupancy map -- and their buffers, so the runs after the first on the same space allocate nothing per
// frame and rebuild no per-cell array; no state is global. Results are bit for bit those of run_pursuit,
// whatever the runner ran before. One runner per thread; the space must outlive it.
#pragma once

#include <memory>

#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/space.hpp"

namespace kinema::pursuit {

namespace detail {
class PursuitLoop;
}

class PursuitRunner {
  public:
    /// Throws SettingsError naming the bad fields of the settings, the model or the flood settings.
    PursuitRunner(PursuitSpace& space, const PursuitConfig& config);
    ~PursuitRunner();
    PursuitRunner(PursuitRunner&&) noexcept;
    PursuitRunner& operator=(PursuitRunner&&) noexcept;
    PursuitRunner(const PursuitRunner&) = delete;
    PursuitRunner& operator=(const PursuitRunner&) = delete;

    /// The constants of the next run (validated as by the constructor); the buffers are kept.
    void set_config(const PursuitConfig& config);
    const PursuitConfig& config() const;

    /// Starts a pursuit: frame 0 (and, when the NPC does not see the player at the start, its chase).
    /// Throws SettingsError naming the bad fields of the scenario (PursuitScenario::validate on the space).
    void start(const PursuitScenario& scenario);
    /// One fixed step (docs/pursuit.md "The model"): appends its frame and events. Returns false once the
    /// pursuit has ended (also when it had ended before the call); then result() is final.
    bool step();
    [[nodiscard]] bool finished() const;
    /// The run so far: frames and events up to the last step; outcome and measures once finished().
    [[nodiscard]] const PursuitResult& result() const;
    /// Moves the result out (the next run grows its buffers again).
    [[nodiscard]] PursuitResult take_result();
    /// start(scenario), then step() until the pursuit ends; the result stays in the runner.
    const PursuitResult& run(const PursuitScenario& scenario);

  private:
    std::unique_ptr<detail::PursuitLoop> loop_;
};

}  // namespace kinema::pursuit
