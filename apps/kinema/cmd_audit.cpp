// kinema audit: the chase from every cell of a level in D directions (library:
// kinema/chase/audit.hpp, docs/audit.md) -- where do guards give up, where do they run the wrong way? This
// file turns the options into typed values (the flags bound by a FlagBinder, validation in the settings'
// validate() and in chase::parse_audit_sweep, errors named by the flag typed), runs chase::audit on a grid
// level or a 3D level (.obj through kinema::nav, one PathFinder per thread), and hands the result to the
// report and render parts, which add the reports and pictures to the run's output::OutputFiles (all or
// nothing, written together at the end; an interrupted run writes nothing) and make the table.

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli_common.hpp"
#include "flag_binder.hpp"
#include "help_pages.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_places.hpp"
#include "kinema/chase/audit_reuse.hpp"
#include "kinema/chase/audit_sweep.hpp"
#include "kinema/chase/chase_settings.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/core/file.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_formats.hpp"
#include "kinema/output/file_watch.hpp"
#include "kinema/output/output_files.hpp"
#include "kinema/report/audit_files.hpp"
#include "kinema/report/audit_shards.hpp"
#include "kinema/report/audit_text.hpp"
#include "nav_level.hpp"
#include "progress_bar.hpp"
#include "shards.hpp"
#if KINEMA_HAVE_RENDER
#include "kinema/render/audit_picture.hpp"
#endif
#if KINEMA_HAVE_NAV
#include "kinema/nav/chase.hpp"
#endif

namespace kinema::cli {

namespace {

// The flags that are not settings fields.
struct AuditCliOptions {
    LevelSource level;  // --map and the level flags
    // --json, --csv, --places-csv, --png and --svg (kinema merge writes the same), and the files read.
    MergeOutputs files;
    std::string shard;  // "I/N" or empty
    std::string reuse;  // --reuse OLD.json or empty
    bool reuse_strict = false;
    bool watch = false;
    bool quiet = false;
};

struct AuditCommand {
    FlagBinder flags{{}, "field"};
    AuditCliOptions options;
};

struct AuditArgs {
    std::vector<chase::AuditSweepAxis> sweeps;  // one per `--sweep FIELD=V1,V2,...`, checked
    std::string map;
    levels::LevelReadOptions read_options;  ///< --level, --walls (a merge: as the parts recorded them)
    bool mesh = false;
    int threads = 1;
    chase::LevelAuditSettings settings;
    MergeOutputs files;
    std::optional<report::ShardId> shard;
    std::string reuse;
    bool reuse_strict = false;
    bool watch = false;
    bool quiet = false;
};

int default_threads() {
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

int parse_threads(const std::string& text) {
    if (text.empty()) {
        return default_threads();
    }
    const double n = parse_number(text, "--threads");
    if (n != std::floor(n) || n < 1.0 || n > 256.0) {
        throw UsageError(fmt::format("--threads: must be a whole number in [1, 256], got {}", text));
    }
    return static_cast<int>(n);
}

// The sweep's axes, read and checked by the library; its errors named as typed (no flag bound): "--sweep
// FIELD: ...", or "--sweep: ..." for a text that names no field and for too many combinations.
std::vector<chase::AuditSweepAxis> parse_sweeps(const std::vector<std::string>& texts,
                                                const chase::FloodSettings& base) {
    std::vector<chase::AuditSweepAxis> sweeps;
    FlagBinder({}, "--sweep").name_errors([&] { sweeps = chase::parse_audit_sweep(texts, base); });
    return sweeps;
}

// The files only a whole audit writes: neither a sweep nor a shard writes them.
std::vector<GivenFlag> whole_run_outputs(const MergeOutputs& f) {
    return {given_text(f.csv, "--csv"), given_text(f.places_csv, "--places-csv"), given_text(f.png, "--png"),
            given_text(f.svg, "--svg")};
}

// With --sweep, only --json (the sweep's list) is written, and the whole level is swept.
void refuse_with_sweep(const AuditCliOptions& o) {
    std::vector<GivenFlag> refused = whole_run_outputs(o.files);
    refused.push_back(given_text(o.shard, "--shard"));  // not a file, but refused alike
    refused.push_back(given_text(o.reuse, "--reuse"));
    refused.push_back(GivenFlag{o.watch, "--watch"});
    refuse_given(refused, "not with --sweep (a sweep writes its table, and --json)");
}

AuditArgs parse_options(const AuditCommand& c) {
    const AuditCliOptions& o = c.options;
    AuditArgs a;
    a.map = o.level.map;
    a.mesh = o.level.is_3d();
    a.read_options = o.level.read_options();
    a.threads = parse_threads(c.flags.text("threads"));
    c.flags.apply(a.settings);
    c.flags.require_valid(a.settings.validate());
    a.sweeps = parse_sweeps(c.flags.texts("sweep"), a.settings.flood);
    if (!a.sweeps.empty()) {
        refuse_with_sweep(o);
    }
    // `--sweep hot=10,20 --hot 30`: the sweep sets the field to each of its values, the flag would change
    // nothing.
    for (const chase::AuditSweepAxis& axis : a.sweeps) {
        if (c.flags.given(axis.field)) {
            throw UsageError(
                fmt::format("{}: has no effect with --sweep {}=... (the sweep sets {} to each of its "
                            "values)",
                            flag_of_field(axis.field), axis.field, axis.field));
        }
    }
    const MergeOutputs& f = o.files;
    refuse_pictures_without_render(!f.png.empty() || !f.svg.empty(), "--png/--svg");
    if (!o.shard.empty()) {
        a.shard = check_shard_outputs(o.shard, f.json, whole_run_outputs(f));
        refuse_given({given_text(o.reuse, "--reuse")},
                     "not with --shard (a shard's part has no reuse record)");
    }
    if (o.reuse_strict && o.reuse.empty()) {
        throw UsageError("--reuse-strict: needs --reuse OLD.json (it refuses a report --reuse would ignore)");
    }
    a.files = f;
    a.reuse = o.reuse;
    a.reuse_strict = o.reuse_strict;
    a.watch = o.watch;
    a.quiet = o.quiet;
    return a;
}

// The whole audit's files (report and render make them), written together (each replaced atomically).
void write_files(const chase::ChaseSpace& space, const chase::AuditResult& r,
                 const std::vector<chase::AuditPlace>& places, const AuditArgs& a,
                 [[maybe_unused]] const std::string& title) {  // pictures' title; none without cairo
    output::OutputFiles files(a.files.inputs);
    report::add_audit_reports(
        files, {{"--json", a.files.json}, {"--csv", a.files.csv}, {"--places-csv", a.files.places_csv}},
        space, a.settings.flood, a.settings.audit, r, places);
#if KINEMA_HAVE_RENDER
    if ((!a.files.png.empty() || !a.files.svg.empty()) && space.cells().empty()) {
        throw UsageError(fmt::format("--png/--svg: {} has no cells to draw", a.map));
    }
    for (render::AuditPictureFile& picture :
         render::audit_picture_files(space, r, title, places, a.files.png, a.files.svg)) {
        files.add(picture.svg ? "--svg" : "--png", std::move(picture.path), std::move(picture.bytes));
    }
#endif
    files.commit();
}

// The whole audit's files, then its text.
void write_reports(const chase::ChaseSpace& space, const chase::AuditResult& r, const AuditArgs& a,
                   const std::string& title) {
    const std::vector<chase::AuditPlace> places =
        chase::audit_places(space, r, a.settings.flood, a.settings.audit);
    write_files(space, r, places, a, title);
    fmt::print("{}", report::audit_report_text(title, space, a.settings.flood, a.settings.audit, r, places));
}

// Every combination of the --sweep values (the first --sweep varies slowest), one audit each, one progress
// bar over all their seeds; the table on stdout and the list to --json.
void run_sweep(std::span<const chase::ChaseSpace* const> spaces, const AuditArgs& a,
               const std::string& title) {
    ProgressBar bar("audit --sweep", "seeds", !a.quiet);
    const std::vector<chase::AuditSweepPoint> points =
        chase::audit_sweep(spaces, a.settings.flood, a.settings.audit, a.sweeps,
                           [&](std::size_t done, std::size_t total) { bar.update(done, total); });
    bar.finish();
    output::OutputFiles files(a.files.inputs);
    report::add_audit_sweep_json(files, {"--json", a.files.json}, points);
    files.commit();
    fmt::print("{}", report::audit_sweep_text(title, a.sweeps, points, a.settings.audit.directions));
}

// "1 tile changed, 12 of 681 cells audited again", and " and the dead reckoning of 9 more rows" when some
// rows had their dead reckoning alone done again.
std::string reuse_summary(const chase::AuditReuseStats& stats) {
    std::string text = fmt::format("{} tile{} changed, {} of {} cells audited again", stats.tiles_changed,
                                   stats.tiles_changed == 1 ? "" : "s", stats.cells_rerun, stats.cells);
    if (stats.rows_reckoned > 0) {
        text += fmt::format(" and the dead reckoning of {} more row{}", stats.rows_reckoned,
                            stats.rows_reckoned == 1 ? "" : "s");
    }
    return text;
}

// The largest report --reuse reads: a 2^20-row audit's JSON is about 350 MB.
constexpr std::uintmax_t max_reuse_bytes = std::uintmax_t{1} << 30;

// The earlier report named by --reuse, read for reuse and checked against this level and these settings;
// nullopt (after a one-line note on stderr) when it cannot be reused, or a UsageError with --reuse-strict.
std::optional<chase::AuditReport> reusable_report(const chase::ChaseSpace& space, const AuditArgs& a) {
    std::string why;
    std::optional<chase::AuditReport> report;
    try {
        const std::shared_ptr<const FileBytes> bytes = map_file_capped(a.reuse, max_reuse_bytes);
        report = chase::parse_audit_report(bytes->text(), bytes);
        why = chase::audit_report_mismatch(*report, space, a.settings.flood, a.settings.audit);
    } catch (const FileError& e) {
        why = e.why();
    } catch (const chase::AuditReportUnusable& e) {
        why = e.what();
    }
    if (why.empty()) {
        return report;
    }
    if (a.reuse_strict) {
        throw UsageError(fmt::format("--reuse {}: not reused (--reuse-strict): {}", a.reuse, why));
    }
    fmt::print(stderr, "kinema audit: --reuse {}: ignored, auditing in full: {}\n", a.reuse, why);
    return std::nullopt;
}

// The audit of the level reusing the rows of --reuse's report that no change can reach (a full audit when
// it cannot be reused); how much ran again is said on stderr.
chase::AuditResult audit_reusing(std::span<const chase::ChaseSpace* const> spaces, const AuditArgs& a,
                                 const chase::AuditOptions& options) {
    std::optional<chase::AuditReport> report = reusable_report(*spaces[0], a);
    if (!report) {
        return chase::audit(spaces, a.settings.flood, a.settings.audit, options);
    }
    chase::AuditReuseStats stats;
    chase::AuditResult result =
        chase::audit_reusing(spaces, a.settings.flood, a.settings.audit, std::move(*report), options, &stats);
    // Said with --quiet too: it is what tells a re-audit from a full one.
    fmt::print(stderr, "kinema audit: --reuse {}: {}\n", a.reuse, reuse_summary(stats));
    return result;
}

// The whole audit, or with --shard only the shard's cells written as a partial report (nothing on stdout).
void run_audit(std::span<const chase::ChaseSpace* const> spaces, const AuditArgs& a,
               const std::string& title) {
    if (!a.sweeps.empty()) {
        run_sweep(spaces, a, title);
        return;
    }
    ProgressBar bar("audit", "seeds", !a.quiet);
    chase::AuditOptions options;
    options.on_progress = [&](std::size_t done, std::size_t total) { bar.update(done, total); };
    const std::size_t cell_count = spaces[0]->cells().size();
    if (!a.shard) {
        const chase::AuditResult result =
            a.reuse.empty() ? chase::audit(spaces, a.settings.flood, a.settings.audit, options)
                            : audit_reusing(spaces, a, options);
        bar.finish();
        write_reports(*spaces[0], result, a, title);
        return;
    }
    const chase::AuditCellRange range = chase::audit_shard_cells(cell_count, a.shard->index, a.shard->count);
    const std::vector<chase::AuditRow> rows =
        chase::audit_rows(spaces, a.settings.flood, a.settings.audit, range, options);
    bar.finish();
    const report::LevelId level{a.map, report::file_fnv1a64(a.map), a.read_options};
    output::OutputFiles files(a.files.inputs);
    report::add_audit_part(files, {"--json", a.files.json}, level, cell_count, a.settings.flood,
                           a.settings.audit, *a.shard, range, rows);
    files.commit();
}

// The level's spaces (one per thread) and its title for the summary and pictures (titled_file_name).
using SpacesUser = std::function<void(std::span<const chase::ChaseSpace* const>, const std::string& title)>;

// A 3D level: one space per thread (nav::per_thread_chase_spaces); a grid: one space that every thread
// reads (a grid space's const calls are thread-safe).
void with_spaces(const AuditArgs& a, const SpacesUser& use) {
    if (a.mesh) {
#if KINEMA_HAVE_NAV
        const nav::Level level =
            load_nav_level(a.map, "", nav::NavSettings{}, levels::default_max_obj_bytes, a.read_options);
        const nav::PerThreadChaseSpaces spaces = nav::per_thread_chase_spaces(level, a.threads);
        use(spaces.spaces, utf8_text(utf8_path(a.map).filename()));
        return;
#else
        refuse_3d_level_without_nav(a.map);
#endif
    }
    const levels::GridLevel level =
        levels::load_level(a.map, levels::default_max_level_bytes, a.read_options);
    const chase::GridSpace grid(level);
    const chase::GridChaseSpace space(grid);
    const std::vector<const chase::ChaseSpace*> spaces(static_cast<std::size_t>(a.threads), &space);
    use(spaces, titled_file_name(a.map, level.title));
}

// What --watch compares between two audits: each finding's share of the seeds and the places (finding,
// the cell at its centre, its seeds), as printed.
struct WatchView {
    std::array<double, 4> shares{};
    std::vector<std::string> places;
};

std::string cell_text(const chase::ChaseSpace& space, chase::CellId cell) {
    const chase::CellCoords c = space.coords(cell);
    std::string out = "(";
    for (int i = 0; i < c.count; ++i) {
        out += (i > 0 ? ", " : "") + std::to_string(c.values[static_cast<std::size_t>(i)]);
    }
    return out + ")";
}

WatchView watch_view(const chase::ChaseSpace& space, const chase::AuditResult& r,
                     const std::vector<chase::AuditPlace>& places) {
    WatchView view;
    for (std::size_t i = 0; i < view.shares.size(); ++i) {
        view.shares[i] = r.totals.rows == 0 ? 0.0
                                            : 100.0 * static_cast<double>(r.totals.findings[i]) /
                                                  static_cast<double>(r.totals.rows);
    }
    for (const chase::AuditPlace& p : places) {
        view.places.push_back(fmt::format("{} at {}, {} seeds", chase::to_string(p.finding),
                                          cell_text(space, p.centre_cell), p.seeds));
    }
    return view;
}

// The shares that changed and the places that came or went, one line each.
void print_changes(const WatchView& before, const WatchView& after) {
    bool any = false;
    for (std::size_t i = 0; i < after.shares.size(); ++i) {
        if (fmt::format("{:.1f}", before.shares[i]) != fmt::format("{:.1f}", after.shares[i])) {
            fmt::print("  {}: {:.1f} % of the seeds (was {:.1f} %)\n",
                       chase::to_string(chase::all_findings[i]), after.shares[i], before.shares[i]);
            any = true;
        }
    }
    for (const std::string& p : after.places) {
        if (std::find(before.places.begin(), before.places.end(), p) == before.places.end()) {
            fmt::print("  new place: {}\n", p);
            any = true;
        }
    }
    for (const std::string& p : before.places) {
        if (std::find(after.places.begin(), after.places.end(), p) == after.places.end()) {
            fmt::print("  gone: {}\n", p);
            any = true;
        }
    }
    if (!any) {
        fmt::print("  no share or place changed\n");
    }
}

// Between saves: the last audit's report (reused by the next) and what it showed.
struct WatchState {
    std::optional<chase::AuditReport> report;
    WatchView view;
    bool first = true;
};

// One audit of the level as saved now: the first as `kinema audit` runs it (its --reuse too), then each
// reusing the last one's rows; the files rewritten, the summary printed the first time, the changes after.
void watch_audit_once(const AuditArgs& a, WatchState& state) {
    with_spaces(a, [&](std::span<const chase::ChaseSpace* const> spaces, const std::string& title) {
        const chase::ChaseSpace& space = *spaces[0];
        ProgressBar bar("audit", "seeds", !a.quiet);
        chase::AuditOptions options;
        options.on_progress = [&](std::size_t done, std::size_t total) { bar.update(done, total); };
        chase::AuditReuseStats stats;
        chase::AuditResult r;
        const bool reuse =
            state.report &&
            chase::audit_report_mismatch(*state.report, space, a.settings.flood, a.settings.audit).empty();
        if (reuse) {
            // Taken out of the state: if this audit throws, the next save audits in full.
            chase::AuditReport last = std::move(*state.report);
            state.report.reset();
            r = chase::audit_reusing(spaces, a.settings.flood, a.settings.audit, std::move(last), options,
                                     &stats);
        } else if (state.first && !a.reuse.empty()) {
            r = audit_reusing(spaces, a, options);
        } else {
            r = chase::audit(spaces, a.settings.flood, a.settings.audit, options);
        }
        bar.finish();
        const std::vector<chase::AuditPlace> places =
            chase::audit_places(space, r, a.settings.flood, a.settings.audit);
        write_files(space, r, places, a, title);
        WatchView view = watch_view(space, r, places);
        if (state.first) {
            fmt::print(
                "{}", report::audit_report_text(title, space, a.settings.flood, a.settings.audit, r, places));
        } else {
            fmt::print("{} saved: {}\n", a.map,
                       reuse ? reuse_summary(stats)
                             : fmt::format("audited in full, {} cells", space.cells().size()));
            print_changes(state.view, view);
        }
        std::fflush(stdout);
        state.view = std::move(view);
        state.report = chase::audit_report_of(space, a.settings.flood, a.settings.audit, r);
        state.first = false;
    });
}

// Says `what` on stderr once until something else is said.
void say_once(std::string& said, const std::string& what) {
    if (what != said) {
        fmt::print(stderr, "kinema audit --watch: {}\n", what);
        std::fflush(stderr);
        said = what;
    }
}

// Waits until the level file is saved: its stamp changed and stayed the same for a tenth of a second (an
// editor writing in pieces). A file that disappears or is replaced by a directory is waited for.
void wait_for_save(const std::string& map, output::FileStamp& last, std::string& said) {
    for (;;) {
        output::DirectoryWatch watch(map);  // anew each time: the directory itself may have been replaced
        output::FileStamp now = output::file_stamp(map);
        if (now == last) {
            watch.wait(500);
            now = output::file_stamp(map);
            if (now == last) {
                continue;
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (output::file_stamp(map) != now) {
            continue;
        }
        last = now;
        if (now.kind == output::FileStamp::Kind::missing) {
            say_once(said, fmt::format("{}: gone; waiting for it to be saved again", map));
        } else if (now.kind != output::FileStamp::Kind::file) {
            say_once(said,
                     fmt::format("{}: is not a file now (a directory?); waiting for a level file", map));
        } else {
            return;
        }
    }
}

// --watch: audits, then re-audits each time the level file is saved, until Ctrl-C (which, as for every
// command, leaves no temporary file: the outputs are replaced atomically, main.cpp).
void watch_map(const AuditArgs& a) {
    WatchState state;
    output::FileStamp last = output::file_stamp(a.map);
    watch_audit_once(a, state);  // a bad level at the start is an error, as without --watch
    fmt::print(stderr, "kinema audit --watch: watching {} (Ctrl-C ends)\n", a.map);
    std::string said;
    for (;;) {
        wait_for_save(a.map, last, said);
        try {
            watch_audit_once(a, state);
            said.clear();
        } catch (const std::exception& e) {
            // A save half-written, or a level that does not load: not the end of the session.
            say_once(said, fmt::format("{}; waiting for the next save", e.what()));
        }
    }
}

void audit_map(const AuditArgs& args) {
    if (args.watch) {
        watch_map(args);
        return;
    }
    try {
        with_spaces(args, [&](std::span<const chase::ChaseSpace* const> spaces, const std::string& title) {
            run_audit(spaces, args, title);
        });
    } catch (const std::bad_alloc&) {
        // Running out of memory is a limit of this machine, not a bug: say what holds it and how to
        // shrink it.
        throw UsageError(
            fmt::format("{}: out of memory: the audit holds every row (cells x --directions) until "
                        "the end; lower --directions or --threads",
                        args.map));
    }
}

}  // namespace

void merge_audit_parts(const std::vector<std::string>& paths, const MergeOutputs& outputs) {
    const report::MergedAudit merged = report::merge_audit_part_files(paths);
    AuditArgs a;
    a.map = merged.level.file;
    a.read_options = merged.level.options;
    a.mesh = levels::is_3d_level_file(a.map);
    a.settings = {merged.flood, merged.settings};
    refuse_pictures_without_render(!outputs.png.empty() || !outputs.svg.empty(), "--png/--svg");
    a.files = outputs;
    a.files.inputs.push_back({"--map", a.map});
    report::require_level_unchanged(merged.level);
    with_spaces(a, [&](std::span<const chase::ChaseSpace* const> spaces, const std::string& title) {
        report::require_merged_cells(merged, spaces[0]->cells().size());
        write_reports(*spaces[0], merged.result, a, title);
    });
}

void add_audit_command(CLI::App& app) {
    auto command = std::make_shared<AuditCommand>();
    AuditCliOptions& o = command->options;
    FlagBinder& flags = command->flags;
    CLI::App* cmd = add_level_command(
        app, "audit",
        "The chase flood (kinema chase) from every cell of a 2D grid or 3D level in D directions: where NPCs "
        "give up or run the wrong way (table, JSON, CSV, pictures)",
        help_page("audit"), "Level file (.map Moving AI, .txt kinema ASCII, .obj mesh or .nav navmesh)",
        o.level);
    cmd->get_option("--map")->required();
    flags.add_fields<chase::LevelAuditSettings>(cmd, {"directions"});
    flags.add(cmd, "threads",
              fmt::format("Worker threads, [1, 256] (default: the machine's, {})", default_threads()),
              ValueKind::integer);
    flags.add_fields<chase::LevelAuditSettings>(cmd, {"hot", "max_heated", "max_steps", "give_up_steps",
                                                      "corner_radius", "exit_cells", "exit_junction"});
    add_file_option(cmd, "--json", o.files.json, "Write the report as JSON to this file");
    add_file_option(cmd, "--csv", o.files.csv, "Write the rows as CSV to this file");
    add_file_option(cmd, "--places-csv", o.files.places_csv,
                    "Write the places as CSV to this file (one line per place and cell)");
    cmd->add_option("--png", o.files.png, "Write the per-cell pictures as PREFIX-<summary>.png")
        ->type_name("PREFIX");
    cmd->add_option("--svg", o.files.svg, "Write the per-cell pictures as PREFIX-<summary>.svg")
        ->type_name("PREFIX");
    cmd->add_option("--shard", o.shard,
                    "I/N: audit only the I-th of N contiguous bands of cells and write the partial report to "
                    "--json (kinema merge joins them)")
        ->type_name("I/N");
    flags
        .add_repeated(cmd, "sweep",
                      "Run the audit for every combination of these values of a flood field (repeatable: "
                      "--sweep hot=10,20 --sweep max_steps=20,40) and print the shares per combination")
        ->type_name("FIELD=V1,V2,...");
    cmd->add_option("--reuse", o.reuse,
                    "An earlier report of this level (--json): re-audit only the cells an edit since can "
                    "change, writing what a full audit writes; a report that cannot be reused (another "
                    "level size, other settings, edited, a 3D level) is ignored with a note")
        ->type_name("OLD.json");
    cmd->add_flag("--reuse-strict", o.reuse_strict,
                  "Refuse (exit 2) a --reuse report that cannot be reused instead of auditing in full");
    cmd->add_flag(
        "--watch", o.watch,
        "Audit, then audit again each time the level file is saved (reusing the last audit: only the "
        "cells the edit can change run again), print the shares and places that changed and rewrite "
        "the output files; Ctrl-C ends");
    cmd->add_flag("--quiet", o.quiet, "No progress bar");
    cmd->callback([command, cmd] {
        command->options.files.inputs = input_files(*cmd);
        command->flags.name_errors([&] { audit_map(parse_options(*command)); });
    });
}

}  // namespace kinema::cli
