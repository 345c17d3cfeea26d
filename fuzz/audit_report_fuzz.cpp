// libFuzzer target for the earlier report `kinema audit --reuse OLD.json` reads
// (kinema/chase/audit_reuse.hpp; seeds in fuzz/corpus/reuse/: the audit JSON of the small level below and of
// it with one tile changed). The input is read as a report, then again with its digest made right for its
// bytes, as a forger would, so that the reader's checks behind the digest (the reuse record, the rows' order
// and values) are reached by mutated bytes (libFuzzer also learns a digest from the comparison that refuses
// it). Either it is refused with AuditReportUnusable, or the level is re-audited from it and its JSON
// written. A genuine report under a byte-order mark or line ends must re-audit to the full audit's JSON byte
// for byte. Run by scripts/fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_reuse.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/levels/ascii_level.hpp"

#include "forged_report.hpp"

namespace {

using namespace kinema;

void require(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "audit_report_fuzz: %s\n", what);
        std::abort();
    }
}

// Two rooms with a pillar each (loops), joined by a corridor that runs on to a dead end: every finding's
// search has something to walk. The corpus holds this level's report and the report of it with the wall at
// column 4, row 2 made floor (the rooms then meet there).
constexpr std::string_view level_text =
    "name: reuse fuzz\n"
    "##########\n"
    "#...#....#\n"
    "#.#.##.#.#\n"
    "#...#....#\n"
    "#.####.###\n"
    "#........#\n"
    "##########\n";

struct Audited {
    levels::GridLevel level = levels::parse_ascii_level(level_text, "reuse fuzz");
    chase::GridSpace grid{level};
    chase::GridChaseSpace space{grid};
    chase::FloodSettings flood;
    chase::AuditSettings settings;
    std::string full_json = chase::audit_json(space, flood, settings, chase::audit(space, flood, settings));
    std::string edited_json = json_of_edited();

    // The report of the level with the wall at column 4, row 2 made floor (the corpus's edited.json).
    std::string json_of_edited() const {
        levels::GridLevel edited = level;
        edited.passable[static_cast<std::size_t>(2 * edited.width + 4)] = 1;
        const chase::GridSpace edited_grid(edited);
        const chase::GridChaseSpace edited_space(edited_grid);
        return chase::audit_json(edited_space, flood, settings, chase::audit(edited_space, flood, settings));
    }
};

const Audited& audited() {
    static const Audited a;
    return a;
}

// Whether `text` is one of the corpus's genuine reports, but for a byte-order mark before it and line ends
// after it (which the reader skips).
bool genuine(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") {
        text.remove_prefix(3);
    }
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) {
        text.remove_suffix(1);
    }
    return text == audited().full_json || text == audited().edited_json;
}

// Re-audits the level from `text`; the JSON written, or "" when the report is refused.
std::string reaudit(const std::string& text) {
    const Audited& a = audited();
    try {
        chase::AuditReport report = chase::parse_audit_report(std::make_shared<const std::string>(text));
        if (!chase::audit_report_mismatch(report, a.space, a.flood, a.settings).empty()) {
            return "";
        }
        const chase::ChaseSpace* spaces[] = {&a.space};
        const chase::AuditResult result =
            chase::audit_reusing(spaces, a.flood, a.settings, std::move(report));
        return chase::audit_json(a.space, a.flood, a.settings, result);
    } catch (const chase::AuditReportUnusable&) {
        return "";
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const std::string json = reaudit(text);
    require(!genuine(text) || json == audited().full_json,
            "a genuine report was re-audited into another JSON than the full audit's");
    const std::string forged = test::with_digest_made_right(text);
    if (forged != text) {
        (void)reaudit(forged);  // any rows may come back: only no crash, no hang, no other exception
    }
    return 0;
}
