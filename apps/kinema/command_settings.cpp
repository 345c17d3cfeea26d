#include "command_settings.hpp"

#include <fmt/format.h>

#include "cli_common.hpp"

namespace kinema::cli {

void add_difficulty_option(FlagBinder& flags, CLI::App* cmd) {
    CLI::Option* difficulty =
        flags
            .add(cmd, "difficulty", "Preset 1|2|3: M_S = 20/30/40 (Dishonored 2); sets only --max-steps",
                 ValueKind::integer)
            ->type_name("1|2|3");
    flags.also_sets(difficulty, "max_steps");
}

void apply_difficulty(const FlagBinder& flags, chase::FloodSettings& flood) {
    if (!flags.given("difficulty")) {
        return;
    }
    if (flags.given("max_steps")) {
        throw UsageError("--difficulty: cannot be combined with --max-steps (it sets M_S)");
    }
    const std::string& text = flags.text("difficulty");
    const double level = parse_number(text, "--difficulty");
    if (level != 1.0 && level != 2.0 && level != 3.0) {
        throw UsageError(fmt::format("--difficulty: must be 1, 2 or 3, got {}", text));
    }
    flood.max_steps = chase::FloodSettings::difficulty(static_cast<int>(level)).max_steps;
}

}  // namespace kinema::cli
