// Every file one run of a command writes (pictures, --frames directories, reports), prepared in memory first
// and written together under one rule (docs/errors.md):
// - on any failure every target path holds exactly what it held before the run;
// - a new or regular target is replaced atomically through a uniquely named temporary file in the same
//   directory (removed on every failure path, SIGINT and SIGTERM included), keeping an existing file's
//   permissions; a read-only file is not overwritten;
// - a symlink is written through to the file it points to;
// - a non-regular target (a character device such as /dev/stdout, a FIFO) is written directly, never
// replaced;
// - no output is an input of the run (declare_inputs) or another output of it: the same file after resolving
//   links and relative parts is refused, naming both flags (an existing non-regular file, /dev/null, is
//   exempt);
// - a --frames style directory holds exactly this run's files of its kind after a success (stale ones from an
//   earlier run are removed) and nothing new after a failure (a directory the run created is removed again).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace kinema::cli {

/// The input files of the command about to run, (flag, path) pairs ("--map", "level.map"): run_cli declares
/// them after parsing, and every commit refuses to write over one of them.
void declare_inputs(std::vector<std::pair<std::string, std::string>> inputs);

/// Refuses, before any work, a --frames style directory that names an existing file (the commit would refuse
/// it after the run; a run can take seconds).
void check_output_directory(const std::string& option, const std::string& directory);

class OutputFiles {
  public:
    /// One file. `option` names the argument in error messages ("--png"); empty for none.
    void add(std::string option, std::string path, std::string content);

    /// A directory of files named `<prefix>...<suffix>` (e.g. "step-" and ".png"): `files` are (name,
    /// content) pairs; after commit() the directory holds exactly these among the names of that pattern.
    void add_directory(std::string option, std::string directory, std::string prefix, std::string suffix,
                       std::vector<std::pair<std::string, std::string>> files);

    /// Writes everything, or nothing: throws UsageError naming the option and path on failure.
    void commit();

  private:
    struct File {
        std::string option;
        std::string path;
        std::string content;
    };
    struct Directory {
        std::string option;
        std::string path;
        std::string prefix;
        std::string suffix;
        std::vector<std::pair<std::string, std::string>> files;
    };
    std::vector<File> files_;
    std::vector<Directory> directories_;
};

}  // namespace kinema::cli
