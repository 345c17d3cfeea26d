// kinema merge: the partial reports of a sharded run (`kinema audit --shard I/N`, `kinema pursue --batch N
// --shard I/N`) into the reports the unsharded command writes, byte for byte (docs/scale.md). The checks and
// the merge are the library's (kinema/report/audit_shards.hpp, batch_shards.hpp), and so are a batch's files
// (batch_files.hpp); this file parses the flags and tells the kinds apart.

#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli_common.hpp"
#include "flag_binder.hpp"
#include "help_pages.hpp"
#include "kinema/report/batch_files.hpp"
#include "kinema/report/batch_shards.hpp"
#include "shards.hpp"

namespace kinema::cli {

namespace {

// Merges batch parts (report::merge_batch_part_files) and writes what `kinema pursue --batch` writes: --json,
// --csv and the table (--places-csv, --png and --svg are refused: a batch has no places or pictures).
void merge_batch_parts(const std::vector<std::string>& paths, const MergeOutputs& outputs) {
    refuse_given({given_text(outputs.places_csv, "--places-csv"), given_text(outputs.png, "--png"),
                  given_text(outputs.svg, "--svg")},
                 "only for the parts of `kinema audit --shard` (a batch has no places or pictures)");
    const report::MergedBatch merged = report::merge_batch_part_files(paths);
    if (merged.result.scenarios == 0) {
        throw UsageError(
            fmt::format("merge: no scenario fits on {} (run `kinema pursue --batch` without "
                        "--shard for the reason)",
                        merged.level.file));
    }
    fmt::print("{}",
               report::write_batch_reports({"--json", outputs.json}, {"--csv", outputs.csv}, outputs.inputs,
                                           merged.settings, merged.result, merged.level.file));
}

struct MergeCommand {
    std::vector<std::string> parts;
    MergeOutputs outputs;
};

}  // namespace

void add_merge_command(CLI::App& app) {
    auto command = std::make_shared<MergeCommand>();
    CLI::App* cmd = app.add_subcommand("merge",
                                       "Merge the partial reports of `audit --shard I/N` or `pursue "
                                       "--batch N --shard I/N` into the unsharded reports");
    cmd->footer(help_page("merge"));
    cmd->add_option("parts", command->parts, "The partial reports (every shard 1..N once)")
        ->required()
        ->type_name("PART...");
    add_file_option(cmd, "--json", command->outputs.json, "Write the merged report as JSON to this file")
        ->required();
    add_file_option(cmd, "--csv", command->outputs.csv, "Write the merged rows (runs) as CSV to this file");
    add_file_option(cmd, "--places-csv", command->outputs.places_csv,
                    "Audit parts: write the places as CSV to this file (one line per place and cell)");
    cmd->add_option("--png", command->outputs.png,
                    "Audit parts: write the per-cell pictures as PREFIX-<summary>.png")
        ->type_name("PREFIX");
    cmd->add_option("--svg", command->outputs.svg,
                    "Audit parts: write the per-cell pictures as PREFIX-<summary>.svg")
        ->type_name("PREFIX");
    cmd->callback([command] {
        MergeOutputs outputs = command->outputs;
        for (const std::string& part : command->parts) {
            outputs.inputs.push_back({"PART", part});
        }
        if (report::parts_kind(command->parts) == "batch") {
            merge_batch_parts(command->parts, outputs);
        } else {
            merge_audit_parts(command->parts, outputs);
        }
    });
}

}  // namespace kinema::cli
