// `kinema merge` trusts no part (issue 40): a FIFO or a directory given as a part is refused at once, naming
// it; a part whose rows (runs) were edited -- a value made "nan", a cell outside the level, steps over
// max_steps, two rows swapped, a row of another shard, the runs emptied, any byte changed -- is refused with
// one line naming the part and what is wrong, and no output file is written; a part with a byte-order mark is
// read; a shard index out of range is printed as written. And merge writes every report the unsharded audit
// writes: --places-csv, --svg and --png equal its bytes.
#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.hpp"
#include "shard_reports.hpp"
#include "test_data.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

// Every refusal: one line naming the part, exit 2, and no --json written.
void expect_refused(const std::vector<fs::path>& parts, const std::string& message) {
    const fs::path json = scratch_path("refused.json");
    expect_one_line_error(merge(parts, "--json " + sh_quoted(json)), message);
    EXPECT_FALSE(fs::exists(json));
}

// The parts of shards 1..count of `command` (`audit --map ...` or `pursue --map ... --batch S`).
std::vector<fs::path> shard_parts(const std::string& command, int count, const std::string& name) {
    std::vector<fs::path> parts;
    for (int i = 1; i <= count; ++i) {
        const std::string shard = std::to_string(i) + "/" + std::to_string(count);
        parts.push_back(
            scratch_path(name + "-" + std::to_string(i) + "-of-" + std::to_string(count) + ".json"));
        const CliRun r = run_kinema(command + " --shard " + shard + " --json " + sh_quoted(parts.back()));
        EXPECT_EQ(r.exit_code, 0) << r.err;
    }
    return parts;
}

void remove_all(const std::vector<fs::path>& paths) {
    for (const fs::path& p : paths) {
        fs::remove_all(p);
    }
}

// ---- Editing a part's text as a person (or a broken copy) would ----

// FNV-1a 64, written again here: the test recomputes a part's digest as a forger would, to reach the checks
// behind it.
std::uint64_t fnv1a64(std::string_view bytes) {
    std::uint64_t hash = 14695981039346656037ull;
    for (const char c : bytes) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ull;
    }
    return hash;
}

constexpr std::string_view digest_head = ",\"part_fnv1a64\":\"";

// `text` with its digest made right for its changed contents.
std::string forged(std::string text) {
    const std::size_t at = text.rfind(digest_head);
    if (at != std::string::npos) {
        char hex[17];
        std::snprintf(hex, sizeof hex, "%016llx",
                      static_cast<unsigned long long>(fnv1a64(std::string_view(text).substr(0, at))));
        text.replace(at + digest_head.size(), 16, hex);
    }
    return text;
}

// Where each row (run) of the array `key` ("rows" or "runs") lies in the text: [begin, end) of its "[...]".
std::vector<std::pair<std::size_t, std::size_t>> item_spans(const std::string& text, const std::string& key) {
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    std::size_t at = text.find("\"" + key + "\":[");
    EXPECT_NE(at, std::string::npos) << key;
    at = text.find('[', at) + 1;
    while (at < text.size() && text[at] == '[') {
        const std::size_t end = text.find(']', at) + 1;
        spans.emplace_back(at, end);
        at = end + (text[end] == ',' ? 1 : 0);
    }
    return spans;
}

std::string item(const std::string& text, const std::string& key, std::size_t i) {
    const auto [begin, end] = item_spans(text, key).at(i);
    return text.substr(begin, end - begin);
}

std::string with_item(std::string text, const std::string& key, std::size_t i, const std::string& value) {
    const auto [begin, end] = item_spans(text, key).at(i);
    return text.replace(begin, end - begin, value);
}

// Value k of an item "[a,b,...]" replaced by `value`.
std::string with_value(const std::string& row, std::size_t k, const std::string& value) {
    std::vector<std::string> values;
    std::size_t start = 1;
    for (std::size_t comma = row.find(',', start);; comma = row.find(',', start)) {
        const std::size_t end = comma == std::string::npos ? row.size() - 1 : comma;
        values.push_back(row.substr(start, end - start));
        if (comma == std::string::npos) {
            break;
        }
        start = comma + 1;
    }
    values.at(k) = value;
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i) {
        out += (i > 0 ? "," : "") + values[i];
    }
    return out + "]";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
}

// The edited text as part 2 of three; merged with the honest parts 1 and 3: refused with `message` after
// the part's name. With `forge`, also with its digest made right: the check behind the digest refuses it too.
void expect_edit_refused(const std::vector<fs::path>& parts, const std::string& edited,
                         const std::string& message, bool forge = true) {
    const fs::path path = scratch_path("edited.json");
    write_file(path, edited);
    expect_refused({parts[0], path, parts[2]}, path.string() + ": " + message);
    if (forge) {
        SCOPED_TRACE("with its digest made right");
        write_file(path, forged(edited));
        expect_refused({parts[0], path, parts[2]}, path.string() + ": " + message);
    }
    fs::remove(path);
}

// ---- Critical 1: a FIFO part hung ----

TEST(CliMergeChecks, AFifoPartIsRefusedAtOnce) {
    // Named as a level would be (.txt), so that the level's loader, which refuses other extensions first,
    // reaches the FIFO check too.
    const fs::path fifo = scratch_path("part-fifo.txt");
    fs::remove(fifo);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const fs::path json = scratch_path("out.json");
    // Before the fix the merge blocked in open() for ever: `timeout` ends it with 124.
    const CliRun r =
        run_shell("timeout 20 \"$KINEMA\" merge \"" + fifo.string() + "\" --json \"" + json.string() + "\"");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "kinema: error: " + fifo.string() +
                         ": is a FIFO, not a file (a pipe without a writer would block forever)\n");
    EXPECT_FALSE(fs::exists(json));
    // A part whose level is a FIFO: the merge re-reads the level (an audit's) and hashes it.
    const std::vector<fs::path> parts =
        shard_parts("audit --quiet --map '" + level_path("corner.txt") + "'", 1, "fifo-level");
    const std::string text = read_file(parts[0]);
    write_file(parts[0], forged(replaced(text, level_path("corner.txt"), fifo.string())));
    const CliRun l = run_shell("timeout 20 \"$KINEMA\" merge \"" + parts[0].string() + "\" --json \"" +
                               json.string() + "\"");
    EXPECT_EQ(l.exit_code, 2);
    EXPECT_EQ(l.err, "kinema: error: " + fifo.string() +
                         ": is a FIFO, not a file (a pipe without a writer would block forever)\n");
    EXPECT_FALSE(fs::exists(json));
    remove_all(parts);
    fs::remove(fifo);
}

TEST(CliMergeChecks, ADirectoryPartIsNamedAsOne) {
    const fs::path dir = scratch_path("part-dir.json");
    fs::create_directories(dir);
    const fs::path json = scratch_path("out.json");
    const CliRun r = merge({dir}, "--json " + sh_quoted(json));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "kinema: error: " + dir.string() + ": is a directory, not a file\n");
    EXPECT_FALSE(fs::exists(json));
    fs::remove_all(dir);
}

// ---- Medium: a byte-order mark, an index out of range ----

TEST(CliMergeChecks, APartWithAByteOrderMarkIsRead) {
    const std::string audit = "audit --quiet --map '" + level_path("corner.txt") + "' --directions 2";
    const std::vector<fs::path> parts = shard_parts(audit, 2, "bom");
    for (const fs::path& part : parts) {
        write_file(part, "\xEF\xBB\xBF" + read_file(part));
    }
    const fs::path whole = scratch_path("whole.json");
    const fs::path merged = scratch_path("merged.json");
    ASSERT_EQ(run_kinema(audit + " --json " + sh_quoted(whole)).exit_code, 0);
    const CliRun r = merge(parts, "--json " + sh_quoted(merged));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_file(merged), read_file(whole));
    EXPECT_GT(read_file(whole).size(), 1000u);
    remove_all(parts);
    remove_all({whole, merged});
}

TEST(CliMergeChecks, AnIndexOutOfRangeIsPrintedAsWritten) {
    const std::vector<fs::path> parts =
        shard_parts("audit --quiet --map '" + level_path("corner.txt") + "'", 3, "index");
    const std::string text = read_file(parts[1]);
    // Past the range of long long: it wrapped to -9223372036854775808 before.
    expect_edit_refused(parts, replaced(text, "\"index\":2", "\"index\":9223372036854775808"),
                        "\"index\" out of range: 9223372036854775808");
    expect_edit_refused(parts, replaced(text, "\"index\":2", "\"index\":18446744073709551615"),
                        "\"index\" out of range: 18446744073709551615");
    expect_edit_refused(parts, replaced(text, "\"index\":2", "\"index\":-3"), "\"index\" out of range: -3");
    expect_edit_refused(parts, replaced(text, "\"index\":2", "\"index\":4"),
                        "\"shard\" must have 1 <= index <= count, got index 4 of count 3");
    remove_all(parts);
}

// ---- Critical 2: edited audit parts ----

TEST(CliMergeChecks, EditedAuditRowsAreRefused) {
    // corner.txt: 135 cells, 8 directions; shard 2/3 holds cells [45, 90), rows 360.
    const std::vector<fs::path> parts =
        shard_parts("audit --quiet --map '" + level_path("corner.txt") + "'", 3, "audit");
    const std::string text = read_file(parts[1]);
    const std::string first = item(text, "rows", 0);
    ASSERT_EQ(first.substr(0, 6), "[45,0,") << first;
    // A value made "nan" (written as a bare nan, invalid JSON, before), a number too, and an infinity.
    expect_edit_refused(parts, with_item(text, "rows", 0, with_value(first, 12, "\"nan\"")),
                        "rows[0] chase_distance: \"nan\" is not a finite number");
    expect_edit_refused(parts, with_item(text, "rows", 3, with_value(item(text, "rows", 3), 14, "\"inf\"")),
                        "rows[3] dead_reckoning_gap: \"inf\" is not a finite number");
    // A finite number too large for the merge's sums (a mean of 1e308s overflows to inf).
    expect_edit_refused(
        parts, with_item(text, "rows", 0, with_value(first, 6, "1e300")),
        "rows[0] destination x: 1e+300 is out of range (a part's numbers are at most 1e15 in size)");
    expect_edit_refused(parts, with_item(text, "rows", 0, with_value(first, 6, "1e999")),
                        "not a kinema partial report: invalid JSON");
    // Cells outside the level (a row outside the map before).
    expect_edit_refused(parts, with_item(text, "rows", 0, with_value(first, 5, "100000")),
                        "rows[0] destination_cell: 100000 is not a cell of the level (it has 135)");
    expect_edit_refused(parts, with_item(text, "rows", 1, with_value(item(text, "rows", 1), 4, "135")),
                        "rows[1] seed_cell: 135 is not a cell of the level (it has 135)");
    expect_edit_refused(
        parts, with_item(text, "rows", 0, with_value(first, 0, "100000")),
        "rows[0]: cell 100000 direction 0 where the shard's rows (cell-major from its first cell 45) "
        "have cell 45 direction 0: rows moved, swapped or of another shard");
    // Steps over max_steps 40.
    expect_edit_refused(parts, with_item(text, "rows", 0, with_value(first, 2, "41")),
                        "rows[0]: steps 41 over the settings' max_steps 40");
    // Two rows swapped.
    const std::string swapped =
        with_item(with_item(text, "rows", 0, item(text, "rows", 9)), "rows", 9, first);
    expect_edit_refused(
        parts, swapped,
        "rows[0]: cell 46 direction 1 where the shard's rows (cell-major from its first cell 45) "
        "have cell 45 direction 0: rows moved, swapped or of another shard");
    // A row of another shard (shard 1's first).
    expect_edit_refused(
        parts, with_item(text, "rows", 0, item(read_file(parts[0]), "rows", 0)),
        "rows[0]: cell 0 direction 0 where the shard's rows (cell-major from its first cell 45) "
        "have cell 45 direction 0: rows moved, swapped or of another shard");
    // Rows dropped, and their count with them.
    expect_edit_refused(parts, replaced(text, first + ",", ""),
                        "\"rows\" holds 359 rows, not the shard's 360 (its cells x directions)");
    expect_edit_refused(parts, replaced(text, "\"rows\":360", "\"rows\":359"),
                        "\"shard\" counts 359 rows, but its 45 cells x 8 directions are 360");
    // A band that is not the shard's.
    expect_edit_refused(
        parts, replaced(text, "\"first_cell\":45", "\"first_cell\":44"),
        "the shard's cells [44, 90) are not shard 2/3's share [45, 90) of the level's 135 cells");
    // Any other edit: a distance a little longer, a finding set, a setting in every part alike. Only the
    // digest can tell (a forger who recomputes it can pass these: the digest guards against edits and
    // damage, not against forgery).
    const std::string changed = "changed after its shard wrote it: its contents hash to ";
    expect_edit_refused(parts, with_item(text, "rows", 0, with_value(first, 13, "1")), changed, false);
    expect_edit_refused(parts, with_item(text, "rows", 0, with_value(first, 15, "8")), changed, false);
    expect_edit_refused(parts, replaced(text, "\"level\":{\"file\":\"", "\"level\":{\"file\":\"./"), changed,
                        false);
    expect_edit_refused(parts, replaced(text, "{\"hot\": 20", "{\"hot\":20"), changed, false);
    // A part without its digest (an older kinema's, or cut short).
    const std::size_t digest = text.rfind(digest_head);
    ASSERT_NE(digest, std::string::npos);
    expect_edit_refused(
        parts, text.substr(0, digest) + "}\n",
        "no digest of its contents at its end (\"part_fnv1a64\": 16 hex digits, its last field): not "
        "a part this kinema wrote, or edited; rerun its shard",
        false);
    // Honest parts still merge, and white space after the part (an editor's newline) changes nothing.
    write_file(parts[1], text + "\n\n");
    const fs::path json = scratch_path("merged.json");
    const CliRun r = merge(parts, "--json " + sh_quoted(json));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    remove_all(parts);
    fs::remove(json);
}

// A part of shard 1/1 claiming 2^61 cells and no rows: 2^61 x 8 directions overflowed to 0 rows, so the part
// read, and the merge sized its per-cell summaries by 2^61 ("cannot create std::vector larger than
// max_size()", exit 1, before). Cell ids are 32-bit: the count is refused as out of range.
TEST(CliMergeChecks, ACellCountWhoseRowsOverflowIsRefused) {
    const std::vector<fs::path> parts =
        shard_parts("audit --quiet --map '" + level_path("corner.txt") + "'", 1, "overflow");
    std::string text = read_file(parts[0]);
    const std::string huge = "2305843009213693952";
    text = replaced(replaced(text, "\"cells\":135", "\"cells\":" + huge), "\"end_cell\":135",
                    "\"end_cell\":" + huge);
    text = replaced(text, "\"rows\":1080", "\"rows\":0");
    const auto spans = item_spans(text, "rows");
    text.erase(spans.front().first, spans.back().second - spans.front().first);
    write_file(parts[0], forged(text));
    expect_refused(parts, parts[0].string() + ": \"cells\" out of range: " + huge);
    remove_all(parts);
}

// ---- Critical 2: edited batch parts ----

TEST(CliMergeChecks, EditedBatchRunsAreRefused) {
    // corner.txt, 9 scenarios in 3 shards: shard 2 runs scenarios 1, 4, 7 (6 strategies each).
    const std::vector<fs::path> parts =
        shard_parts("pursue --map '" + level_path("corner.txt") + "' --batch 9", 3, "batch");
    const std::string text = read_file(parts[1]);
    ASSERT_NE(text.find("\"made\":3,\"runs\":18}"), std::string::npos) << text.substr(0, 2000);
    const std::string first = item(text, "runs", 0);
    ASSERT_EQ(first.substr(0, 5), "[1,0,") << first;
    // The runs emptied: half the scenarios dropped without a word before.
    const auto [begin, end] =
        std::pair{item_spans(text, "runs").front().first, item_spans(text, "runs").back().second};
    const std::string emptied = std::string(text).erase(begin, end - begin);
    expect_edit_refused(parts, emptied, "\"runs\" holds 0 runs, but \"shard\" counts 18 (3 scenarios x 6)");
    expect_edit_refused(
        parts, replaced(text, "\"made\":3,\"runs\":18}", "\"made\":2,\"runs\":18}"),
        "\"shard\" counts 18 runs of 2 scenarios, but shard 2/3 runs 6 per scenario of at most 3");
    // A value made "nan".
    expect_edit_refused(parts, with_item(text, "runs", 0, with_value(first, 5, "\"nan\"")),
                        "runs[0] npc_distance: \"nan\" is not a finite number");
    // Two runs swapped: strategies out of order, and scenarios.
    const std::string second = item(text, "runs", 1);
    expect_edit_refused(
        parts, with_item(with_item(text, "runs", 0, second), "runs", 1, first),
        "runs[0]: strategy 1 team 2 where scenario 1 has strategy 0 team 2: runs moved or swapped");
    const std::string later = item(text, "runs", 6);
    expect_edit_refused(parts, with_item(with_item(text, "runs", 0, later), "runs", 6, first),
                        "runs[1]: scenario 1 out of order (after scenario 4): runs moved or swapped");
    // A run of another shard (shard 1's first: scenario 0).
    expect_edit_refused(parts, with_item(text, "runs", 0, item(read_file(parts[0]), "runs", 0)),
                        "runs[0]: scenario 0 is not one of shard 2/3's");
    // An outcome out of range, and any other edit (only the digest can tell).
    expect_edit_refused(parts, with_item(text, "runs", 0, with_value(first, 2, "7")),
                        "runs[0] outcome: 7 is none of the 4 values 0..3");
    expect_edit_refused(parts, with_item(text, "runs", 0, with_value(first, 7, "9")),
                        "changed after its shard wrote it: its contents hash to ", false);
    remove_all(parts);
}

// ---- Newcomer: merge writes every report the unsharded audit writes ----

TEST(CliMergeChecks, MergeWritesEveryReportOfTheUnshardedAudit) {
    const std::string audit = "audit --quiet --map '" + level_path("corner.txt") + "' --directions 4";
    const fs::path dir = scratch_path("reports");
    fs::create_directories(dir);
    const auto outputs = [&](const std::string& name) {
        const fs::path d = dir / name;
        std::string flags = "--json " + sh_quoted(fs::path(d.string() + ".json")) + " --csv " +
                            sh_quoted(fs::path(d.string() + ".csv")) + " --places-csv " +
                            sh_quoted(fs::path(d.string() + "-places.csv"));
#if KINEMA_HAVE_RENDER
        flags += " --svg " + sh_quoted(d) + " --png " + sh_quoted(d);
#endif
        return flags;
    };
    const CliRun whole = run_kinema(audit + " " + outputs("whole"));
    ASSERT_EQ(whole.exit_code, 0) << whole.err;
    const std::vector<fs::path> parts = shard_parts(audit, 3, "reports");
    const CliRun merged = merge(parts, outputs("merged"));
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    EXPECT_EQ(merged.out, whole.out);
    std::vector<std::string> files = {".json", ".csv", "-places.csv"};
#if KINEMA_HAVE_RENDER
    for (const char* name :
         {"distance", "wrong_way", "gives_up_at_once", "short_of_a_corner", "barrier_blocks_exit"}) {
        files.push_back(std::string("-") + name + ".svg");
        files.push_back(std::string("-") + name + ".png");
    }
#endif
    for (const std::string& file : files) {
        const std::string expected = read_file(dir / ("whole" + file));
        EXPECT_GT(expected.size(), 20u) << file;
        EXPECT_EQ(read_file(dir / ("merged" + file)), expected) << file;
    }
    // A batch has no places or pictures.
    const std::vector<fs::path> batch =
        shard_parts("pursue --map '" + level_path("corner.txt") + "' --batch 3", 1, "b");
    for (const char* flag : {"--places-csv", "--svg", "--png"}) {
        expect_one_line_error(
            merge(batch, "--json " + sh_quoted(dir / "b.json") + " " + flag + " " + sh_quoted(dir / "b")),
            std::string(flag) + ": only for the parts of `kinema audit --shard`");
    }
    EXPECT_FALSE(fs::exists(dir / "b.json"));
    remove_all(parts);
    remove_all(batch);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace kinema::test
