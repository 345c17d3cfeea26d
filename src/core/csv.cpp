#include "kinema/core/csv.hpp"

#include "kinema/core/file.hpp"
#include "kinema/core/text.hpp"

#include <charconv>
#include <cmath>
#include <string>
#include <system_error>

namespace kinema {

namespace {

// Splits `line` at commas into `fields` (views into line), trimmed. No quoting inside data rows: the values
// are numbers.
void split_fields(std::string_view line, std::vector<std::string_view>& fields) {
    fields.clear();
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = line.find(',', start);
        fields.push_back(
            trim(line.substr(start, comma == std::string_view::npos ? line.npos : comma - start)));
        if (comma == std::string_view::npos) {
            return;
        }
        start = comma + 1;
    }
}

// Shortened and escaped for messages: a malformed field can be arbitrarily long, or binary.
std::string quoted(std::string_view field) {
    return quote_for_message(field);
}

// The field index of each needed column in the header row `fields` (names unquoted in place).
std::vector<std::size_t> header_columns(std::vector<std::string_view>& fields,
                                        std::span<const std::string_view> needed, const std::string& file,
                                        int line_number) {
    for (std::string_view& name : fields) {
        if (name.size() >= 2 && name.front() == '"' && name.back() == '"') {
            name = trim(name.substr(1, name.size() - 2));
        }
    }
    std::vector<std::size_t> index(needed.size(), 0);
    std::string missing;
    for (std::size_t c = 0; c < needed.size(); ++c) {
        bool found = false;
        for (std::size_t f = 0; f < fields.size(); ++f) {
            if (fields[f] != needed[c]) {
                continue;
            }
            if (found) {
                throw CsvError(file, line_number,
                               "column '" + std::string(needed[c]) + "' appears more than once");
            }
            found = true;
            index[c] = f;
        }
        if (!found) {
            missing += (missing.empty() ? "" : ", ") + std::string(needed[c]);
        }
    }
    if (!missing.empty()) {
        throw CsvError(file, line_number, "missing column(s) " + missing + " in the header row");
    }
    return index;
}

// Appends the needed columns' values of one data row to table.values.
void read_row(const std::vector<std::string_view>& fields, const std::vector<std::size_t>& index,
              std::span<const std::string_view> needed, int line_number, CsvTable& table) {
    for (std::size_t c = 0; c < needed.size(); ++c) {
        const std::string_view field = fields[index[c]];
        double value = 0.0;
        const auto [ptr, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
        if (field.empty() || ec != std::errc() || ptr != field.data() + field.size()) {
            throw CsvError(table.file, line_number,
                           "column " + std::string(needed[c]) + ": " + quoted(field) + " is not a number");
        }
        if (!std::isfinite(value)) {
            throw CsvError(
                table.file, line_number,
                "column " + std::string(needed[c]) + ": " + quoted(field) + " is not a finite number");
        }
        table.values.push_back(value);
    }
    table.lines.push_back(line_number);
}

// The next line of `text` from `pos` (advanced past it), without its line ending (LF or CRLF).
std::string_view next_line(std::string_view text, std::size_t& pos) {
    const std::size_t end = text.find('\n', pos);
    std::string_view line = text.substr(pos, end == std::string_view::npos ? text.npos : end - pos);
    pos = end == std::string_view::npos ? text.size() : end + 1;
    if (!line.empty() && line.back() == '\r') {
        line.remove_suffix(1);
    }
    return line;
}

}  // namespace

CsvError::CsvError(std::string file, int line, const std::string& message)
    : std::invalid_argument(file + ":" + std::to_string(line) + ": " + message),
      file_(std::move(file)),
      line_(line) {}

CsvTable parse_csv(std::string_view text, std::string_view file, std::span<const std::string_view> needed,
                   const CsvLimits& limits) {
    CsvTable table;
    table.file = std::string(file);
    table.columns.assign(needed.begin(), needed.end());
    if (text.size() > limits.max_bytes) {
        throw CsvError(table.file, 0,
                       "larger than the limit of " + std::to_string(limits.max_bytes) + " bytes (" +
                           std::to_string(text.size()) + " bytes)");
    }
    // A UTF-8 byte order mark, as spreadsheet programs write it.
    if (text.starts_with("\xEF\xBB\xBF")) {
        text.remove_prefix(3);
    }
    std::vector<std::size_t> index;  // field index of each needed column, once the header is read
    std::size_t field_count = 0;
    bool have_header = false;
    std::vector<std::string_view> fields;
    int line_number = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::string_view content = trim(next_line(text, pos));
        ++line_number;
        if (content.empty() || content.front() == '#') {
            continue;
        }
        split_fields(content, fields);
        if (!have_header) {
            have_header = true;
            field_count = fields.size();
            index = header_columns(fields, needed, table.file, line_number);
            continue;
        }
        if (fields.size() != field_count) {
            throw CsvError(table.file, line_number,
                           "expected " + std::to_string(field_count) + " fields as in the header, found " +
                               std::to_string(fields.size()));
        }
        if (table.rows() >= limits.max_rows) {
            throw CsvError(table.file, line_number,
                           "too many rows (at most " + std::to_string(limits.max_rows) + ")");
        }
        read_row(fields, index, needed, line_number, table);
    }
    if (!have_header) {
        throw CsvError(table.file, line_number == 0 ? 1 : line_number, "empty file: expected a header row");
    }
    return table;
}

CsvTable read_csv(const std::string& path, std::span<const std::string_view> needed,
                  const CsvLimits& limits) {
    std::string text;
    try {
        text = read_file_capped(path, limits.max_bytes);
    } catch (const FileError& e) {
        throw CsvError(path, 0, e.why());
    }
    return parse_csv(text, path, needed, limits);
}

}  // namespace kinema
