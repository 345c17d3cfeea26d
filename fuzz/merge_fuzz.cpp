// libFuzzer target for the partial reports `kinema merge` reads (kinema/report/audit_shards.hpp,
// batch_shards.hpp; seeds in fuzz/corpus/parts/: audit and batch parts, one a team's). The input is read as
// an audit part and as a batch part, each merged alone when it reads (a part of shard 1/1 is a whole run);
// then again with its digest made right for its bytes, as a forger would, so that the checks behind the
// digest and the merge itself are reached by mutated rows. Any input either reads or throws
// std::invalid_argument naming the part; a merged result holds only finite numbers and its batch JSON and CSV
// no "nan" or "inf". Run by scripts/fuzz.sh.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

#include "kinema/pursuit/batch.hpp"
#include "kinema/report/audit_shards.hpp"
#include "kinema/report/batch_report.hpp"
#include "kinema/report/batch_shards.hpp"

namespace {

using namespace kinema;

void require(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "merge_fuzz: %s\n", what);
        std::abort();
    }
}

// The text with the 16 hex digits after its last ,"part_fnv1a64":" set to the FNV-1a 64 of every byte
// before that field (what write_audit_part and write_batch_part write).
std::string with_digest_made_right(std::string text) {
    constexpr std::string_view head = ",\"part_fnv1a64\":\"";
    const std::size_t at = text.rfind(head);
    if (at == std::string::npos || text.size() - at - head.size() < 16) {
        return text;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx",
                  static_cast<unsigned long long>(report::fnv1a64(std::string_view(text).substr(0, at))));
    text.replace(at + head.size(), 16, hex);
    return text;
}

void merge_audit(std::string_view text) {
    report::AuditPart part;
    try {
        part = report::parse_audit_part(text, "fuzz.json");
    } catch (const std::invalid_argument&) {
        return;  // refused with a message naming the part: fine
    }
    try {
        const report::MergedAudit merged = report::merge_audit_parts({part});
        const chase::AuditTotals& t = merged.result.totals;
        require(std::isfinite(t.mean_chase_distance) && std::isfinite(t.mean_along_cells_distance) &&
                    std::isfinite(t.mean_dead_reckoning_gap),
                "a merged audit's totals are not finite");
        for (const chase::CellSummary& cell : merged.result.cells) {
            require(std::isfinite(cell.mean_chase_distance), "a merged cell's mean is not finite");
        }
    } catch (const std::invalid_argument&) {
    }
}

void merge_batch(std::string_view text) {
    report::BatchPart part;
    try {
        part = report::parse_batch_part(text, "fuzz.json");
    } catch (const std::invalid_argument&) {
        return;
    }
    try {
        const report::MergedBatch merged = report::merge_batch_parts({part});
        for (const std::string& out : {report::batch_json(merged.result), report::batch_csv(merged.result)}) {
            require(out.find("nan") == std::string::npos && out.find("inf") == std::string::npos,
                    "a merged batch's report holds nan or inf");
        }
    } catch (const std::invalid_argument&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    for (const std::string& part : {text, with_digest_made_right(text)}) {
        merge_audit(part);
        merge_batch(part);
    }
    return 0;
}
