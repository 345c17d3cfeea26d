// Re-auditing after an edit (kinema/chase/audit_reuse.hpp, docs/audit.md "Re-auditing after an edit"). The
// report is read by hand, not with a JSON library: the chase part stays standard library only, and the
// layout is the one write_audit_json writes (its digest proves the bytes are), so any other layout is a
// report this kinema did not write and is not reused.
#include "kinema/chase/audit_reuse.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <string>

#include "kinema/chase/query.hpp"
#include "kinema/core/digest.hpp"
#include "kinema/core/format.hpp"
#include "kinema/core/memory.hpp"
#include "kinema/core/text.hpp"

namespace kinema::chase {

namespace {

char hex_digit(unsigned v) {
    return "0123456789abcdef"[v & 15u];
}

// One row of floor tiles as hex digits, four tiles a digit, the first tile the digit's high bit.
std::string floor_row(const GridSpace& grid, int row) {
    std::string out;
    for (int col = 0; col < grid.width(); col += 4) {
        unsigned v = 0;
        for (int i = 0; i < 4; ++i) {
            v = v << 1 | (col + i < grid.width() && grid.passable(col + i, row) ? 1u : 0u);
        }
        out += hex_digit(v);
    }
    return out;
}

}  // namespace

void append_audit_reuse_record(std::string& out, const ChaseSpace& space, const AuditResult& result) {
    out += "{\"format\":" + std::to_string(audit_reuse_format) + ",\"level\":{";
    const auto* grid_space = dynamic_cast<const GridChaseSpace*>(&space);
    if (grid_space == nullptr) {
        out += "\"cells\":" + std::to_string(space.cells().size()) + "}";
        return;
    }
    const GridSpace& grid = grid_space->grid();
    out += "\"width\":" + std::to_string(grid.width()) + ",\"height\":" + std::to_string(grid.height()) +
           ",\"cell_size\":";
    append_number(out, grid.cell_size());
    out += ",\"connectivity\":" + std::to_string(static_cast<int>(grid.settings().connectivity)) +
           ",\"floor\":[";
    for (int row = 0; row < grid.height(); ++row) {
        out += row == 0 ? "\"" : ",\"";
        out += floor_row(grid, row);
        out += '"';
    }
    out += "]},\"reach\":[";
    // Each row's four numbers written into one small buffer and appended at once: a report holds four per
    // row (900 thousand on a 256 x 256 level), and one append per number cost as much as the rest.
    std::array<char, 4 * 12 + 4> text{};
    for (std::size_t i = 0; i < result.rows.size(); ++i) {
        const AuditReach& r = result.rows[i].reach;
        char* at = text.data();
        for (const int v : {r.min_dx, r.max_dx, r.min_dy, r.max_dy}) {
            *at++ = ',';
            at = std::to_chars(at, text.data() + text.size(), v).ptr;
        }
        out.append(text.data() + (i == 0 ? 1 : 0), at);
    }
    out += ']';
}

namespace {

[[noreturn]] void unusable(const std::string& why) {
    throw AuditReportUnusable(why);
}

// The bytes a number token may hold (digits, sign, point, exponent), one table load per byte: a report's
// numbers are scanned byte by byte, and six comparisons a byte were a tenth of the reader's instructions.
constexpr std::array<bool, 256> number_chars = [] {
    std::array<bool, 256> t{};
    for (const char c : std::string_view("0123456789+-.eE")) {
        t[static_cast<unsigned char>(c)] = true;
    }
    return t;
}();

bool number_char(char c) {
    return number_chars[static_cast<unsigned char>(c)];
}

template <typename Word>
Word load(const char* p) {
    Word w;
    std::memcpy(&w, p, sizeof w);
    return w;
}

// The text of the numbers read last, by a hash of their bytes: a report's rows repeat few distances and
// coordinates (write_audit_json's NumberTexts caches the other way), and reading a double from its text
// costs ten times a look-up.
class NumberCache {
  public:
    // A token's hash from a few words that cover its bytes (the last overlapping the one before), each
    // multiplied on its own: a byte-by-byte hash is one multiplication after another, and a report's
    // distances have 17 digits. Only a token's own bytes are read.
    static std::uint32_t hash(std::string_view t) {
        const char* p = t.data();
        const std::size_t n = t.size();
        std::uint64_t h = n;
        if (n >= 8) {
            h += load<std::uint64_t>(p) * 0x9E3779B97F4A7C15u;
            h += load<std::uint64_t>(p + n - 8) * 0xC2B2AE3D27D4EB4Fu;
            if (n > 16) {
                h += load<std::uint64_t>(p + 8) * 0x165667B19E3779F9u;
            }
            for (std::size_t i = 16; i + 8 < n; i += 8) {  // beyond 24 bytes: not in a report's rows
                h = (h ^ load<std::uint64_t>(p + i)) * 0x27D4EB2F165667C5u;
            }
        } else if (n >= 4) {
            h += (std::uint64_t{load<std::uint32_t>(p)} << 32 | load<std::uint32_t>(p + n - 4)) *
                 0x9E3779B97F4A7C15u;
        } else {
            for (std::size_t i = 0; i < n; ++i) {
                h = (h << 8 | static_cast<unsigned char>(p[i])) * 0x9E3779B97F4A7C15u;
            }
        }
        h ^= h >> 29;  // the low bits pick the slot: mixed from the high ones
        return static_cast<std::uint32_t>((h * 0xBF58476D1CE4E5B9u) >> 32);
    }
    // The value of token t (a slice of the report, which outlives the cache) if it was read before.
    const double* find(std::string_view t, std::uint32_t hash) const {
        const Entry& e = entries_[hash & (size - 1)];
        return !t.empty() && e.text == t ? &e.value : nullptr;  // an empty slot holds no number
    }
    void keep(std::string_view t, std::uint32_t hash, double value) {
        entries_[hash & (size - 1)] = {t, value};
    }

  private:
    struct Entry {
        std::string_view text;
        double value = 0.0;
    };
    static constexpr std::size_t size = 4096;
    std::vector<Entry> entries_ = std::vector<Entry>(size);
};

// Whether the n bytes at `a` are those at `b`, compared as words: n is known when compiled, so this
// unrolls to a few loads where memcmp is a call (a row holds ten keys of up to 30 bytes). The last word
// overlaps the one before it instead of a byte-by-byte tail.
template <std::size_t n>
bool same_bytes(const char* a, const char* b) {
    if constexpr (n >= 8) {
        std::uint64_t differ = 0;
        for (std::size_t i = 0; i + 8 <= n; i += 8) {
            differ |= load<std::uint64_t>(a + i) ^ load<std::uint64_t>(b + i);
        }
        if constexpr (n % 8 != 0) {
            differ |= load<std::uint64_t>(a + n - 8) ^ load<std::uint64_t>(b + n - 8);
        }
        return differ == 0;
    } else if constexpr (n >= 4) {
        return ((load<std::uint32_t>(a) ^ load<std::uint32_t>(b)) |
                (load<std::uint32_t>(a + n - 4) ^ load<std::uint32_t>(b + n - 4))) == 0;
    } else if constexpr (n >= 2) {
        return ((load<std::uint16_t>(a) ^ load<std::uint16_t>(b)) |
                (load<std::uint16_t>(a + n - 2) ^ load<std::uint16_t>(b + n - 2))) == 0;
    } else {
        return n == 0 || a[0] == b[0];
    }
}

// A strict reader of write_audit_json's layout.
class Cursor {
  public:
    /// A reader of `text` from byte `at` on (a place the caller has already found, not compared again).
    explicit Cursor(std::string_view text, std::size_t at = 0) : text_(text), at_(at) {}

    void expect(std::string_view literal) {
        if (text_.substr(at_, literal.size()) != literal) {
            not_found(literal);
        }
        at_ += literal.size();
    }
    // The row's keys: a literal's length known when compiled, so its comparison is a few instructions
    // rather than a call (a report holds about 250 bytes of keys per row).
    template <std::size_t N>
    void expect(const char (&literal)[N]) {
        if (!accept(literal)) {
            not_found(literal);
        }
    }
    template <std::size_t N>
    bool accept(const char (&literal)[N]) {
        constexpr std::size_t n = N - 1;
        if (text_.size() - at_ < n || !same_bytes<n>(text_.data() + at_, literal)) {
            return false;
        }
        at_ += n;
        return true;
    }
    // Past the next `c` (its bytes are not needed: a row's direction is k's).
    void skip_past(char c) {
        const void* found = std::memchr(text_.data() + at_, c, text_.size() - at_);
        if (found == nullptr) {
            unusable("truncated");
        }
        at_ = static_cast<std::size_t>(static_cast<const char*>(found) - text_.data()) + 1;
    }
    // A number token (digits, sign, point, exponent) as written by append_number.
    double number() {
        const std::size_t start = at_;
        at_ = token_end(at_);
        const std::string_view token = text_.substr(start, at_ - start);
        const std::uint32_t hash = NumberCache::hash(token);
        if (const double* known = numbers_.find(token, hash)) {
            return *known;
        }
        const ReadNumber n = read_number(token);
        if (n.status != NumberText::ok) {
            unusable("not an audit report this kinema wrote (a bad number at byte " + std::to_string(start) +
                     ")");
        }
        numbers_.keep(token, hash, n.value);
        return n.value;
    }
    // A whole number: digits with an optional minus read directly (most of a report's numbers: tiles,
    // steps, reach), any other token as a number that must be whole.
    [[gnu::always_inline]] long long integer() {
        const std::size_t start = at_;
        std::size_t i = at_ + (at_ < text_.size() && text_[at_] == '-' ? 1 : 0);
        long long v = 0;
        const std::size_t first_digit = i;
        while (i < text_.size() && i - first_digit < 15 && text_[i] >= '0' && text_[i] <= '9') {
            v = v * 10 + (text_[i] - '0');
            ++i;
        }
        if (i > first_digit && (i == text_.size() || !number_char(text_[i]))) {
            at_ = i;
            return text_[start] == '-' ? -v : v;
        }
        return whole_number();
    }
    // integer()'s other tokens ("1e3", "2.0"): rare, so kept out of the inlined part.
    [[gnu::noinline]] long long whole_number() {
        const double d = number();
        if (d != std::floor(d) || std::abs(d) > 9.0e15) {
            unusable("not an audit report this kinema wrote (a whole number expected before byte " +
                     std::to_string(at_) + ")");
        }
        return static_cast<long long>(d);
    }
    std::string_view string() {
        expect("\"");
        const std::size_t end = text_.find('"', at_);
        if (end == std::string_view::npos) {
            unusable("truncated");
        }
        const std::string_view s = text_.substr(at_, end - at_);
        at_ = end + 1;
        return s;
    }
    std::size_t at() const { return at_; }
    // The bytes after the cursor.
    std::size_t left() const { return text_.size() - at_; }

  private:
    // Where the number token at `from` ends: at the next byte that cannot be in a number.
    std::size_t token_end(std::size_t from) const {
        while (from < text_.size() && number_char(text_[from])) {
            ++from;
        }
        return from;
    }

    [[noreturn]] void not_found(std::string_view literal) const {
        unusable("not an audit report this kinema wrote (expected " + std::string(literal) + " at byte " +
                 std::to_string(at_) + ")");
    }

    std::string_view text_;
    std::size_t at_ = 0;
    NumberCache numbers_;
};

struct Pair {
    long long a = 0;
    long long b = 0;
};

Pair pair(Cursor& c) {
    c.expect("[");
    Pair p;
    p.a = c.integer();
    c.expect(",");
    p.b = c.integer();
    c.expect("]");
    return p;
}

Vec3 point(Cursor& c) {
    c.expect("[");
    Vec3 p;
    p.x = c.number();
    c.expect(",");
    p.y = c.number();
    c.expect("]");
    return p;  // grids: positions in the plane, z = 0
}

StopReason stop_reason(std::string_view name) {
    for (const StopReason r : {StopReason::exhausted, StopReason::too_many_heated, StopReason::max_steps}) {
        if (to_string(r) == name) {
            return r;
        }
    }
    unusable("not an audit report this kinema wrote (stop_reason \"" + std::string(name) + "\")");
}

std::uint8_t findings(Cursor& c) {
    c.expect("[");
    std::uint8_t bits = 0;
    while (!c.accept("]")) {
        if (bits != 0) {
            c.expect(",");
        }
        const std::string_view name = c.string();
        const auto* f = std::find_if(all_findings.begin(), all_findings.end(),
                                     [&](Finding x) { return to_string(x) == name; });
        if (f == all_findings.end()) {
            unusable("not an audit report this kinema wrote (finding \"" + std::string(name) + "\")");
        }
        bits |= static_cast<std::uint8_t>(*f);
    }
    return bits;
}

// A tile as an index into the report's floor (row-major), checked inside the level.
CellId tile_index(Pair p, const AuditReportLevel& level) {
    if (p.a < 0 || p.b < 0 || p.a >= level.width || p.b >= level.height ||
        level.floor[static_cast<std::size_t>(p.b * level.width + p.a)] == 0) {
        unusable("not an audit report this kinema wrote (a row's cell is not a floor tile of its level)");
    }
    return static_cast<CellId>(p.b * level.width + p.a);
}

// A row's point (its destination or where its dead reckoning stops), checked inside the level's extent: a
// report kinema wrote never holds another, and a re-audit walks the tiles between the seed and that point.
Vec3 point_in_level(Cursor& c, const AuditReportLevel& level) {
    const Vec3 p = point(c);
    const double width = level.width * level.cell_size;
    const double height = level.height * level.cell_size;
    if (!(p.x >= 0.0 && p.x <= width && p.y >= 0.0 && p.y <= height)) {
        unusable("not an audit report this kinema wrote (a row's point lies outside its level)");
    }
    return p;
}

AuditRow read_row(Cursor& c, const AuditReportLevel& level) {
    AuditRow row;
    c.expect("{\"cell\":");
    row.cell = tile_index(pair(c), level);
    row.seed_cell = row.cell;
    c.expect(",\"direction\":[");
    c.skip_past(']');
    c.expect(",\"steps\":");
    row.steps = static_cast<int>(c.integer());
    c.expect(",\"stop_reason\":");
    row.stop_reason = stop_reason(c.string());
    c.expect(",\"destination_cell\":");
    row.destination_cell = tile_index(pair(c), level);
    c.expect(",\"destination\":");
    row.destination = point_in_level(c, level);
    c.expect(",\"chase_distance\":");
    row.chase_distance = c.number();
    c.expect(",\"chase_distance_along_cells\":");
    row.along_cells_distance = c.number();
    c.expect(",\"dead_reckoning\":");
    row.dead_reckoning = point_in_level(c, level);
    c.expect(",\"dead_reckoning_gap\":");
    row.dead_reckoning_gap = c.number();
    c.expect(",\"findings\":");
    row.findings = findings(c);
    c.expect("}");
    return row;
}

void refuse_another_format(long long format) {
    if (format != audit_reuse_format) {
        unusable("written in reuse format " + std::to_string(format) + ", this kinema reads " +
                 std::to_string(audit_reuse_format));
    }
}

void read_level(Cursor& c, AuditReportLevel& level) {
    c.expect("{\"format\":");
    refuse_another_format(c.integer());
    c.expect(",\"level\":{");
    if (c.accept("\"cells\":")) {
        level.cells = static_cast<std::size_t>(c.integer());
        c.expect("}");
        return;
    }
    level.grid = true;
    c.expect("\"width\":");
    level.width = static_cast<int>(c.integer());
    c.expect(",\"height\":");
    level.height = static_cast<int>(c.integer());
    c.expect(",\"cell_size\":");
    level.cell_size = c.number();
    c.expect(",\"connectivity\":");
    level.connectivity = static_cast<int>(c.integer());
    c.expect(",\"floor\":[");
    if (!(level.cell_size > 0.0) || (level.connectivity != 4 && level.connectivity != 8)) {
        unusable("not an audit report this kinema wrote (its level's cell size or connectivity)");
    }
    if (level.width < 1 || level.height < 1 || level.width > 65536 || level.height > 65536) {
        unusable("not an audit report this kinema wrote (its level's size)");
    }
    // Each floor row is its hex digits in quotes and a comma: a size the text cannot hold is refused before
    // the floor is made (65536 x 65536 would be 4 GiB).
    const auto row_bytes = static_cast<std::size_t>((level.width + 3) / 4) + 3;
    if (static_cast<std::size_t>(level.height) * row_bytes > c.left() + 1) {
        unusable("not an audit report this kinema wrote (its level's floor is shorter than its size)");
    }
    level.floor.assign(static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height), 0);
    for (int row = 0; row < level.height; ++row) {
        if (row > 0) {
            c.expect(",");
        }
        const std::string_view hex = c.string();
        if (hex.size() != static_cast<std::size_t>((level.width + 3) / 4)) {
            unusable("not an audit report this kinema wrote (floor row " + std::to_string(row) + ")");
        }
        for (int col = 0; col < level.width; ++col) {
            const char h = hex[static_cast<std::size_t>(col / 4)];
            const int v = h >= 'a' ? h - 'a' + 10 : h - '0';
            const bool on = ((v >> (3 - col % 4)) & 1) != 0;
            level.floor[static_cast<std::size_t>(row) * static_cast<std::size_t>(level.width) +
                        static_cast<std::size_t>(col)] = on ? 1 : 0;
            level.cells += on ? 1 : 0;
        }
    }
    c.expect("]}");
}

// The reuse record's format where its head reads as written, before the digest is checked: another
// version's report (its digest another hash, under another key) is refused as such, not as edited.
void refuse_another_recorded_format(std::string_view text) {
    const std::string_view head = ",\"reuse\":{\"format\":";
    const std::size_t at = text.rfind(head);
    if (at == std::string_view::npos) {
        return;
    }
    const std::size_t from = at + head.size();
    if (from < text.size() && text[from] >= '0' && text[from] <= '9') {
        Cursor record(text, from);
        refuse_another_format(record.integer());
    }
}

// The digest at the end: every byte before `,"fnv1a64_4lanes":"` hashes to the 16 hex digits after it.
std::size_t check_digest(std::string_view text) {
    refuse_another_recorded_format(text);
    const std::string key = ",\"" + std::string(audit_digest_key) + "\":\"";
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) {
        text.remove_suffix(1);
    }
    const std::size_t at = text.rfind(key);
    if (at == std::string_view::npos || text.size() != at + key.size() + 16 + 3 ||
        text.substr(text.size() - 3) != "\"}}") {
        if (text.find("\"reuse\":") == std::string_view::npos && text.rfind("]}") == text.size() - 2) {
            unusable("it records nothing for reuse (written by an older kinema)");
        }
        unusable("truncated, or not an audit report (no digest at its end)");
    }
    WordDigest digest;
    digest.add(text.substr(0, at));
    if (text.substr(at + key.size(), 16) != digest_text(digest.value())) {
        unusable("its content changed after kinema wrote it (its digest does not match)");
    }
    return at;
}

}  // namespace

namespace {

// parse_audit_report; with `spans`, each row's place in `text` noted there.
AuditReport parse_report(std::string_view text, AuditKnownRows* spans) {
    // A byte-order mark is skipped; the rows' places stay counted from the text's first byte, which is what
    // the writer copies from (AuditKnownRows::text).
    const std::size_t mark = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    text.remove_prefix(mark);
    if (text.empty()) {
        unusable("empty");
    }
    const std::size_t digest_at = check_digest(text);
    AuditReport report;
    const std::size_t rows_at = text.find(",\"rows\":[");
    const std::size_t reuse_at = text.rfind(",\"reuse\":{", digest_at);
    if (rows_at == std::string_view::npos || reuse_at == std::string_view::npos ||
        text.substr(0, 14) != "{\"directions\":") {
        unusable("not an audit report (no rows or no reuse record)");
    }
    report.settings_head = std::string(text.substr(0, rows_at));
    Cursor head(text);
    head.expect("{\"directions\":");
    report.directions = static_cast<int>(head.integer());
    if (report.directions < 1 || report.directions > 360) {
        unusable("not an audit report this kinema wrote (directions)");
    }
    Cursor record(text.substr(0, digest_at), reuse_at + 9);  // at the record's `{`, found above
    read_level(record, report.level);
    if (!report.level.grid) {
        return report;  // 3D levels and graphs are audited in full: their rows are not read
    }
    const std::size_t count = audit_row_count(report.level.cells, report.directions);
    // A row's text and its reach take well over 64 bytes: more rows than that allows are refused before
    // their arrays are made (a forged floor of 65536 cells at 360 directions would ask for gigabytes).
    if (count > text.size() / 64) {
        unusable("not an audit report this kinema wrote (more rows than its text can hold)");
    }
    record.expect(",\"reach\":[");
    std::vector<AuditReach> reach(count);
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0) {
            record.expect(",");
        }
        int v[4];
        for (int k = 0; k < 4; ++k) {
            if (k > 0) {
                record.expect(",");
            }
            v[k] = static_cast<int>(std::clamp(record.integer(), -(1LL << 30), 1LL << 30));
        }
        reach[i] = {v[0], v[1], v[2], v[3]};
    }
    record.expect("]");
    if (record.at() != digest_at) {
        unusable("not an audit report this kinema wrote (its reuse record)");
    }
    Cursor rows(text, rows_at + 9);  // past `,"rows":[`, found above
    // About 120 bytes a row and 8 for its text's place: mapped at once rather than fault by fault.
    report.rows.reserve(count);
    map_pages_for_writing(report.rows.data(), count * sizeof(AuditRow));
    if (spans != nullptr) {
        spans->begin.reserve(count);
        spans->length.reserve(count);
        map_pages_for_writing(spans->begin.data(), count * sizeof(std::uint32_t));
        map_pages_for_writing(spans->length.data(), count * sizeof(std::uint32_t));
    }
    const auto d = static_cast<std::size_t>(report.directions);
    std::size_t tile = 0;  // the floor tile of the row's cell: cells in row-major order, D rows each
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0) {
            rows.expect(",");
        }
        if (i % d == 0) {
            while (report.level.floor[tile] == 0 || (i > 0 && tile == report.rows.back().cell)) {
                ++tile;
            }
        }
        const std::size_t begin = rows.at();
        report.rows.push_back(read_row(rows, report.level));
        if (spans != nullptr) {
            spans->begin.push_back(static_cast<std::uint32_t>(mark + begin));
            spans->length.push_back(static_cast<std::uint32_t>(rows.at() - begin));
        }
        if (report.rows.back().cell != tile) {
            unusable("not an audit report this kinema wrote (row " + std::to_string(i) + " is out of place)");
        }
        report.rows.back().direction = static_cast<int>(i % static_cast<std::size_t>(report.directions));
        report.rows.back().reach = reach[i];
    }
    rows.expect("]");
    return report;
}

}  // namespace

AuditReport parse_audit_report(std::string_view text) {
    return parse_report(text, nullptr);
}

AuditReport parse_audit_report(std::shared_ptr<const std::string> text) {
    if (text == nullptr) {
        throw std::invalid_argument("parse_audit_report: no text");
    }
    const std::string_view view = *text;
    return parse_audit_report(view, std::move(text));
}

AuditReport parse_audit_report(std::string_view text, std::shared_ptr<const void> owner) {
    if (owner == nullptr) {
        throw std::invalid_argument("parse_audit_report: no owner of the text");
    }
    if (text.size() > std::numeric_limits<std::uint32_t>::max()) {
        return parse_report(text, nullptr);  // rows' places would not fit AuditKnownRows' offsets
    }
    AuditKnownRows spans;
    AuditReport report = parse_report(text, &spans);
    if (report.level.grid) {  // 3D levels and graphs: no rows read, none reused
        spans.owner = std::move(owner);
        spans.text = text;
        report.row_texts = std::move(spans);
    }
    return report;
}

AuditReport audit_report_of(const ChaseSpace& space, const FloodSettings& flood,
                            const AuditSettings& settings, const AuditResult& result) {
    AuditReport report;
    report.directions = result.directions;
    report.settings_head = "{\"directions\":" + std::to_string(result.directions) +
                           ",\"settings\":" + audit_settings_json(flood, settings);
    const auto* grid_space = dynamic_cast<const GridChaseSpace*>(&space);
    report.level.cells = space.cells().size();
    if (grid_space == nullptr) {
        return report;
    }
    const GridSpace& grid = grid_space->grid();
    AuditReportLevel& level = report.level;
    level.grid = true;
    level.width = grid.width();
    level.height = grid.height();
    level.cell_size = grid.cell_size();
    level.connectivity = static_cast<int>(grid.settings().connectivity);
    level.floor.assign(static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height), 0);
    const auto tile = [&](CellId c) {
        const Tile t = grid.tile_of(c);
        return static_cast<CellId>(t.row * level.width + t.col);
    };
    std::vector<CellId> tiles(grid.cells().size());
    for (CellId c = 0; c < tiles.size(); ++c) {
        tiles[c] = tile(c);
        level.floor[tiles[c]] = 1;
    }
    report.rows = result.rows;
    for (AuditRow& row : report.rows) {
        row.cell = row.seed_cell = tiles[row.cell];
        row.destination_cell = tiles[row.destination_cell];
    }
    return report;
}

std::string audit_report_mismatch(const AuditReport& report, const ChaseSpace& space,
                                  const FloodSettings& flood, const AuditSettings& settings) {
    const auto* grid_space = dynamic_cast<const GridChaseSpace*>(&space);
    if (grid_space == nullptr || !report.level.grid) {
        return "a 3D level or a graph is audited in full (no rule says which seeds an edit of a mesh "
               "changes)";
    }
    const GridSpace& grid = grid_space->grid();
    const AuditReportLevel& level = report.level;
    if (grid.width() != level.width || grid.height() != level.height) {
        return "its level is " + std::to_string(level.width) + " x " + std::to_string(level.height) +
               " tiles, this one " + std::to_string(grid.width()) + " x " + std::to_string(grid.height());
    }
    if (grid.cell_size() != level.cell_size ||
        static_cast<int>(grid.settings().connectivity) != level.connectivity) {
        return "its grid has another cell size or connectivity";
    }
    const std::string head = "{\"directions\":" + std::to_string(settings.directions) +
                             ",\"settings\":" + audit_settings_json(flood, settings);
    if (report.settings_head != head) {
        return "it was made with other settings (" +
               report.settings_head.substr(report.settings_head.find(':') + 1) + ", here " +
               head.substr(head.find(':') + 1) + ")";
    }
    return "";
}

namespace {

// Changed tiles counted over every rectangle in O(1): sums[(row + 1) (width + 1) + col + 1] is the count in
// [0, col] x [0, row].
struct ChangeCounts {
    int width = 0;
    int height = 0;
    std::vector<std::uint32_t> sums;

    std::uint32_t at(int col, int row) const {
        return sums[static_cast<std::size_t>(row) * static_cast<std::size_t>(width + 1) +
                    static_cast<std::size_t>(col)];
    }
    // Changed tiles in columns [c0, c1) x rows [r0, r1), clamped to the level.
    std::uint32_t in_rect(int c0, int r0, int c1, int r1) const {
        c0 = std::clamp(c0, 0, width);
        r0 = std::clamp(r0, 0, height);
        c1 = std::clamp(c1, 0, width);
        r1 = std::clamp(r1, 0, height);
        if (c0 >= c1 || r0 >= r1) {
            return 0;
        }
        return at(c1, r1) - at(c0, r1) - at(c1, r0) + at(c0, r0);
    }
    // Changed tiles in the box `r` around (col, row).
    std::uint32_t in(int col, int row, const AuditReach& r) const {
        return in_rect(col + r.min_dx, row + r.min_dy, col + r.max_dx + 1, row + r.max_dy + 1);
    }
    // Changed tiles whose centre lies within Chebyshev distance `margin` of the segment a-b (tile units: tile
    // (col, row) is centred at (col + 0.5, row + 0.5)), counted row by row over the columns the segment's
    // part within `margin` of the row's centre line passes within `margin` of. Widened by a millionth of a
    // tile against rounding: a tile too many is audited again, never one too few.
    std::uint32_t along(Vec2 a, Vec2 b, double margin) const {
        constexpr double slack = 1e-6;
        margin += slack;
        const int first_row = std::max(0, static_cast<int>(std::floor(std::min(a.y, b.y) - margin - 0.5)));
        const int last_row =
            std::min(height - 1, static_cast<int>(std::ceil(std::max(a.y, b.y) + margin - 0.5)));
        const int first_col = static_cast<int>(std::floor(std::min(a.x, b.x) - margin - 0.5));
        const int last_col = static_cast<int>(std::ceil(std::max(a.x, b.x) + margin - 0.5));
        // Most rows see no change anywhere near their walk: the box around it answers in O(1).
        if (in_rect(first_col, first_row, last_col + 1, last_row + 1) == 0) {
            return 0;
        }
        std::uint32_t count = 0;
        for (int row = first_row; row <= last_row; ++row) {
            const double y0 = row + 0.5 - margin;
            const double y1 = row + 0.5 + margin;
            double t0 = 0.0;
            double t1 = 1.0;
            if (b.y == a.y) {
                if (a.y < y0 || a.y > y1) {
                    continue;
                }
            } else {
                const double ta = (y0 - a.y) / (b.y - a.y);
                const double tb = (y1 - a.y) / (b.y - a.y);
                t0 = std::max(t0, std::min(ta, tb));
                t1 = std::min(t1, std::max(ta, tb));
                if (t0 > t1) {
                    continue;
                }
            }
            const double xa = a.x + t0 * (b.x - a.x);
            const double xb = a.x + t1 * (b.x - a.x);
            const int c0 = static_cast<int>(std::ceil(std::min(xa, xb) - margin - 0.5 - slack));
            const int c1 = static_cast<int>(std::floor(std::max(xa, xb) + margin - 0.5 + slack));
            count += in_rect(c0, row, c1 + 1, row + 1);
        }
        return count;
    }
};

// Whether a changed tile may lie among those the row's dead reckoning read. Its walk (dead_reckoning.cpp)
// went from the seed cell's centre along a segment that ends in the tile centred at the row's
// dead_reckoning point, so every point of that segment lies within half a tile (Chebyshev) of the segment
// from the seed's centre to that centre. It read the tiles its segment meets, the blocked tile its end
// touches and the tiles touching a corner it passed through: every one touches the walked segment, so its
// centre lies within half a tile of it, and within one tile of the segment tested here.
bool dead_reckoning_read_a_change(const ChangeCounts& changes, int col, int row, const AuditRow& old_row,
                                  double cell_size) {
    constexpr double read_margin = 1.0;
    const Vec2 seed{col + 0.5, row + 0.5};
    const Vec2 stop{old_row.dead_reckoning.x / cell_size, old_row.dead_reckoning.y / cell_size};
    return changes.along(seed, stop, read_margin) != 0;
}

ChangeCounts change_counts(const GridSpace& grid, const AuditReportLevel& level, std::size_t& changed) {
    ChangeCounts counts{level.width, level.height, {}};
    const auto w = static_cast<std::size_t>(level.width + 1);
    counts.sums.assign(w * static_cast<std::size_t>(level.height + 1), 0);
    changed = 0;
    for (int row = 0; row < level.height; ++row) {
        std::uint32_t line = 0;
        for (int col = 0; col < level.width; ++col) {
            const bool was =
                level.floor[static_cast<std::size_t>(row) * static_cast<std::size_t>(level.width) +
                            static_cast<std::size_t>(col)] != 0;
            line += was != grid.passable(col, row) ? 1 : 0;
            counts.sums[(static_cast<std::size_t>(row) + 1) * w + static_cast<std::size_t>(col) + 1] =
                counts.sums[static_cast<std::size_t>(row) * w + static_cast<std::size_t>(col) + 1] + line;
        }
        changed += line;
    }
    return counts;
}

// What a re-audit does with each cell of the new level.
struct ReusePlan {
    std::vector<std::size_t> kept;  // per new cell, its rows' first index in the report; SIZE_MAX: runs again
    std::vector<CellId> rerun;      // the new cells that run again, ascending
    std::vector<std::size_t> reckon;  // new row indices of kept rows whose dead reckoning alone runs again
};

// Which new cells keep their rows: floor before and after, and no changed tile within any of its rows'
// reach (each row's destination lies within it, so it is still floor). A kept row whose dead reckoning's
// corridor holds a changed tile has its dead reckoning alone done again.
ReusePlan plan_reuse(const GridSpace& grid, const AuditReport& report, const ChangeCounts& changes,
                     std::size_t d) {
    const auto width = static_cast<std::size_t>(grid.width());
    // The report's rows by tile: old cell i's rows start at row_at[tile] (cells in row-major tile order).
    std::vector<std::size_t> row_at(report.level.floor.size(), 0);
    for (std::size_t i = 0; i < report.rows.size(); i += d) {
        row_at[report.rows[i].cell] = i;
    }
    ReusePlan plan;
    plan.kept.assign(grid.cells().size(), SIZE_MAX);
    CellId c = 0;
    for (int row = 0; row < grid.height(); ++row) {
        for (int col = 0; col < grid.width(); ++col) {
            if (!grid.passable(col, row)) {
                continue;
            }
            const std::size_t tile = static_cast<std::size_t>(row) * width + static_cast<std::size_t>(col);
            const std::size_t first = row_at[tile];
            bool keep = report.level.floor[tile] != 0;
            for (std::size_t k = 0; keep && k < d; ++k) {
                keep = changes.in(col, row, report.rows[first + k].reach) == 0;
            }
            if (!keep) {
                plan.rerun.push_back(c++);
                continue;
            }
            plan.kept[c] = first;
            for (std::size_t k = 0; k < d; ++k) {
                if (dead_reckoning_read_a_change(changes, col, row, report.rows[first + k],
                                                 grid.cell_size())) {
                    plan.reckon.push_back(c * d + k);
                }
            }
            ++c;
        }
    }
    return plan;
}

// Moves each kept cell's block of d entries from its place in the report (plan.kept) to its new cell's, in
// place, and sizes `v` for the new level's rows. The map from old to new places is increasing (both levels
// list their cells in row-major tile order), so the blocks that move down, taken in ascending order, and
// then those that move up, in descending order, never overwrite a block not yet moved: a block moving down
// onto one that moves up would need an earlier cell mapped past a later one.
template <class T>
void move_kept_blocks(std::vector<T>& v, const ReusePlan& plan, std::size_t d) {
    const std::size_t cells = plan.kept.size();
    v.resize(std::max(v.size(), cells * d));
    const auto at = [&v](std::size_t i) { return v.begin() + static_cast<std::ptrdiff_t>(i); };
    for (std::size_t cell = 0; cell < cells; ++cell) {
        const std::size_t from = plan.kept[cell];
        if (from != SIZE_MAX && from > cell * d) {
            std::move(at(from), at(from + d), at(cell * d));
        }
    }
    for (std::size_t cell = cells; cell-- > 0;) {
        const std::size_t from = plan.kept[cell];
        if (from != SIZE_MAX && from < cell * d) {
            std::move_backward(at(from), at(from + d), at(cell * d + d));
        }
    }
    v.resize(cells * d);
}

// The new level's rows, made in place from the report's (`rows`, in the report's cells): the kept ones
// moved to their new cells (their cells looked up again), the fresh rows of the cells run again written
// over the others. `known` (when the report kept its text; its spans moved in from the report's) keeps
// the text of each kept row and forgets the others'.
std::vector<AuditRow> assemble_rows(const GridSpace& grid, std::vector<AuditRow> rows, const ReusePlan& plan,
                                    const std::vector<AuditRow>& fresh, std::size_t d,
                                    AuditKnownRows* known) {
    const auto width = static_cast<std::size_t>(grid.width());
    move_kept_blocks(rows, plan, d);
    if (known != nullptr) {
        move_kept_blocks(known->begin, plan, d);
        move_kept_blocks(known->length, plan, d);
    }
    for (CellId cell = 0; cell < plan.kept.size(); ++cell) {
        if (plan.kept[cell] == SIZE_MAX) {
            continue;
        }
        for (std::size_t k = 0; k < d; ++k) {
            AuditRow& row = rows[cell * d + k];
            const CellId dest = row.destination_cell;
            row.cell = row.seed_cell = cell;
            row.destination_cell =
                grid.cell_at(static_cast<int>(dest % width), static_cast<int>(dest / width));
        }
    }
    for (std::size_t i = 0; i < plan.rerun.size(); ++i) {
        const std::size_t first = plan.rerun[i] * d;
        std::copy_n(fresh.begin() + static_cast<std::ptrdiff_t>(i * d), d,
                    rows.begin() + static_cast<std::ptrdiff_t>(first));
        if (known != nullptr) {
            std::fill_n(known->length.begin() + static_cast<std::ptrdiff_t>(first), d, 0u);
        }
    }
    return rows;
}

}  // namespace

AuditResult audit_reusing(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                          const AuditSettings& settings, const AuditReport& report,
                          const AuditOptions& options, AuditReuseStats* stats) {
    return audit_reusing(spaces, flood, settings, AuditReport(report), options, stats);
}

AuditResult audit_reusing(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                          const AuditSettings& settings, AuditReport&& report, const AuditOptions& options,
                          AuditReuseStats* stats) {
    if (spaces.empty() || spaces[0] == nullptr) {
        throw std::invalid_argument("audit: at least one space");
    }
    const std::string why = audit_report_mismatch(report, *spaces[0], flood, settings);
    if (!why.empty()) {
        throw AuditReportUnusable(why);
    }
    const GridSpace& grid = dynamic_cast<const GridChaseSpace&>(*spaces[0]).grid();
    const std::size_t cell_count = grid.cells().size();
    if (audit_row_count(cell_count, settings.directions) > audit_max_rows) {
        return audit(spaces, flood, settings, options);  // refused there, with its message
    }
    AuditReuseStats done;
    done.cells = cell_count;
    const ChangeCounts changes = change_counts(grid, report.level, done.tiles_changed);
    const auto d = static_cast<std::size_t>(settings.directions);
    const ReusePlan plan = plan_reuse(grid, report, changes, d);
    const std::vector<AuditRow> fresh = audit_cell_rows(spaces, flood, settings, plan.rerun, options);
    std::shared_ptr<AuditKnownRows> known;
    if (report.row_texts.owner != nullptr && report.row_texts.length.size() == report.rows.size()) {
        known = std::make_shared<AuditKnownRows>(std::move(report.row_texts));
    }
    std::vector<AuditRow> rows = assemble_rows(grid, std::move(report.rows), plan, fresh, d, known.get());
    for (const std::size_t i : plan.reckon) {
        audit_dead_reckoning_again(*spaces[0], flood, settings, rows[i]);
        if (known != nullptr) {
            known->length[i] = 0;  // its text changes
        }
    }
    done.cells_rerun = plan.rerun.size();
    done.rows_reckoned = plan.reckon.size();
    if (stats != nullptr) {
        *stats = done;
    }
    AuditResult result = audit_result_from_rows(std::move(rows), settings.directions, cell_count);
    result.known_rows = std::move(known);
    return result;
}

}  // namespace kinema::chase
