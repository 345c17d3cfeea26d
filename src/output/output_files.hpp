// Every file one run of a program writes (pictures, directories of frames, reports), prepared in memory first
// and written together under one rule (docs/errors.md "Output files"):
// - on any failure every target path holds exactly what it held before the run;
// - a new or regular target is replaced atomically through a uniquely named temporary file in the same
//   directory (removed on every failure path, and on the signals that end a process (SIGINT, SIGTERM, SIGHUP,
//   SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM) once the program has called
//   remove_pending_files_on_signals()), keeping an existing file's permissions; a read-only file is not
//   overwritten;
// - a symlink is written through to the file it points to;
// - a non-regular target (a character device such as /dev/stdout, a FIFO) is written directly, never
//   replaced;
// - no output is an input of the run (given to the OutputFiles) or another output of it: the same file after
//   resolving links and relative parts is refused, naming both options (an existing non-regular file,
//   /dev/null, is exempt);
// - a directory of frames holds exactly this run's files of its kind after a success (stale ones from an
//   earlier run are removed) and nothing new after a failure (a directory the run created is removed again).
// It calls the system (POSIX: mkstemp, rename, link, signals; Windows: CreateFileW, MoveFileExW,
// CreateHardLinkW, the console control handler; kinema/output/file_system.hpp), so this part sits beside the
// standard-library-only core. Paths are UTF-8 on every platform (UTF-16 for Windows' wide calls); on Windows
// the rule's differences (permissions, links, locked files, Ctrl-C) are in docs/errors.md "Output files on
// Windows". Option names in messages are the caller's (a command line's flag, a keyword argument); empty for
// none.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace kinema::output {

/// An output that cannot be written, or would overwrite an input or another output. The message names the
/// option and the path ("OPTION: PATH: is read-only").
class OutputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// A file the run reads: `option` names it in messages (a flag such as the map's, or a positional argument's
/// name), `path` as given.
struct InputFile {
    std::string option;
    std::string path;
};

/// A file the run may write: `option` names it in messages (the face's flag), `path` as given, empty when it
/// was not asked for. The report part's writers take these, so that the library spells no flag.
struct OutputFile {
    std::string option;
    std::string path;
};

/// Installs a handler for SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2 and SIGALRM (each one
/// not ignored at start: nohup's SIGHUP stays ignored) that removes the temporary files (and new directories)
/// of the commit in progress, then dies of the signal as it would have (its default action, so the exit
/// status says which). SIGBUS, which reading a mapped file that another program cut shorter raises
/// (kinema/core/file.hpp map_file_capped), removes them too, says so in one line on stderr and exits with
/// status 2. For a program that owns its signals, such as a
/// command-line tool: call it once at start. The library installs no handler by itself, so a game or an
/// embedding host keeps its own; such a host may call remove_pending_files() from its own handler.
/// On Windows, which has none of these signals, it installs a console control handler instead (Ctrl-C,
/// Ctrl-Break, closing the console, logoff, shutdown) and an atexit() function: the handler removes the
/// files, lets no commit stage another and passes the event on, so the process ends as it would have (a
/// program that goes on after Ctrl-C must not call this).
void remove_pending_files_on_signals();

/// The program's arguments as UTF-8, the encoding kinema reads every argument and path in: argv as it is on
/// POSIX; on Windows, where main() gets them in the ANSI code page (a name such as "Été-日本.json" loses its
/// characters), taken again from the UTF-16 command line.
std::vector<std::string> utf8_arguments(int argc, char** argv);

/// Whether the standard error stream is a terminal (a console on Windows), where a progress bar belongs; a
/// file or a pipe (MSYS2's and Git Bash's terminals are pipes) is not.
bool stderr_is_terminal();

/// Removes the temporary files and the new directories of the commit in progress. Async-signal-safe (unlink
/// and rmdir of paths kept in a fixed table): a signal handler may call it.
void remove_pending_files() noexcept;

/// Refuses, before any work, a directory of frames that names an existing file (the commit would refuse it
/// after the run; a run can take seconds). Throws OutputError.
void check_output_directory(const std::string& option, const std::string& directory);

/// Takes one piece of a file's text and clears it (the buffer is the writer's, reused for the next piece).
using PieceSink = std::function<void(std::string& piece)>;
/// Writes a file's whole text through the sink, piece by piece, so that a long report (an audit's rows, a
/// batch's runs) is made while it is written instead of held whole. Called once per commit.
using PieceWriter = std::function<void(const PieceSink& sink)>;

class OutputFiles {
  public:
    OutputFiles() = default;
    /// The run's input files: commit() refuses to write over any of them.
    explicit OutputFiles(std::vector<InputFile> inputs) : inputs_(std::move(inputs)) {}

    /// One more input file that commit() refuses to write over.
    void add_input(std::string option, std::string path);

    /// One file. `option` names the argument in error messages; empty for none.
    void add(std::string option, std::string path, std::string content);
    /// The same when `path` names a file; nothing when it is empty (the option was not given), so a face
    /// hands over every picture it drew under the options it was asked for.
    void add_if_named(std::string option, std::string path, std::string content);

    /// One file whose text `write` makes at commit(), in pieces (the same rule; no piece is held after it is
    /// written to the staged file). `write` may be called from commit() only, once.
    void add_written(std::string option, std::string path, PieceWriter write);

    /// A directory of files named `<prefix>...<suffix>` (e.g. "step-" and ".png"): `files` are (name,
    /// content) pairs; after commit() the directory holds exactly these among the names of that pattern.
    void add_directory(std::string option, std::string directory, std::string prefix, std::string suffix,
                       std::vector<std::pair<std::string, std::string>> files);

    /// Writes everything, or nothing: throws OutputError naming the option and path on failure. Commits from
    /// several threads run one after another (the table of pending temporary files is process-wide).
    void commit();

  private:
    struct File {
        std::string option;
        std::string path;
        std::string content;
        PieceWriter write;  // when set, the text comes from it instead of `content`
    };
    struct Directory {
        std::string option;
        std::string path;
        std::string prefix;
        std::string suffix;
        std::vector<std::pair<std::string, std::string>> files;
    };
    std::vector<InputFile> inputs_;
    std::vector<File> files_;
    std::vector<Directory> directories_;
};

/// Writes one file whose text is made while it is written (a shard's partial report, a batch's JSON) on its
/// own: an OutputFiles of `inputs` with add_written(option, path, write), committed (all or nothing, never
/// over one of `inputs`; `option` names it in the OutputError).
void write_streamed_file(const std::vector<InputFile>& inputs, const std::string& option,
                         const std::string& path, const PieceWriter& write);

}  // namespace kinema::output
