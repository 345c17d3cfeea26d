// A small reader for numeric CSV files with a header row: frame-time traces, per-frame input files and engine
// logs (docs/analysis.md "CSV files"). The caller names the columns it needs; they may come in any order,
// other columns are ignored, and every value of a needed column must be a finite number. Errors name
// FILE:LINE.
#pragma once

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kinema {

/// A CSV file that cannot be used. what() is "FILE:LINE: message" (LINE is 1-based; 0 when the file itself
/// cannot be opened or read), the CLI's error convention.
class CsvError : public std::invalid_argument {
  public:
    CsvError(std::string file, int line, const std::string& message);
    [[nodiscard]] const std::string& file() const noexcept { return file_; }
    [[nodiscard]] int line() const noexcept { return line_; }

  private:
    std::string file_;
    int line_ = 0;
};

/// Bounds on the work a CSV read may do (the files come from users).
struct CsvLimits {
    std::size_t max_bytes = 256u * 1024u * 1024u;  ///< bytes, [1, inf). Larger files are rejected unread.
    std::size_t max_rows = 20'000'000;             ///< data rows, [1, inf). More rows are an error.
};

/// The needed columns of a CSV file, row by row.
struct CsvTable {
    std::string file;                  ///< the name used in error messages
    std::vector<std::string> columns;  ///< the needed columns, in the order they were asked for
    std::vector<double> values;        ///< row-major: rows() x columns.size()
    std::vector<int> lines;            ///< 1-based source line of each data row

    [[nodiscard]] std::size_t rows() const noexcept { return lines.size(); }
    /// Value of needed column `column` (index into `columns`) in data row `row`. Unchecked.
    [[nodiscard]] double at(std::size_t row, std::size_t column) const noexcept {
        return values[row * columns.size() + column];
    }
};

/// Parses CSV text. Format: UTF-8 (a leading byte order mark is skipped), LF or CRLF line ends, fields
/// separated by ',', surrounding spaces and tabs ignored; blank lines and lines whose first non-blank
/// character is '#' are skipped (comments); the first other line is the header, whose names may be wrapped in
/// double quotes. Every data row must have as many fields as the header. Values of the needed columns are
/// decimal numbers (std::from_chars syntax: "1", "-0.5", "1e-3"; "nan" and "inf" are rejected); the other
/// columns are not read. Throws CsvError naming `file` and the line: empty file, missing or duplicated needed
/// column, a row with the wrong number of fields, a value that is not a finite number, too many bytes or
/// rows.
[[nodiscard]] CsvTable parse_csv(std::string_view text, std::string_view file,
                                 std::span<const std::string_view> needed, const CsvLimits& limits = {});

/// Reads and parses a file (same rules); CsvError with line 0 when it cannot be opened or is too large.
[[nodiscard]] CsvTable read_csv(const std::string& path, std::span<const std::string_view> needed,
                                const CsvLimits& limits = {});

}  // namespace kinema
