// file_stamp, the same on every platform (std::filesystem); DirectoryWatch's platform parts are in
// file_system_posix.cpp and file_system_windows.cpp.
#include "kinema/output/file_watch.hpp"

#include <filesystem>
#include <system_error>

#include "kinema/output/file_system.hpp"

namespace kinema::output {

FileStamp file_stamp(const std::string& path) {
    namespace fs = std::filesystem;
    const fs::path p = platform::from_utf8(path);
    std::error_code error;
    const fs::file_status status = fs::status(p, error);
    FileStamp stamp;
    if (error || !fs::exists(status)) {
        return stamp;
    }
    if (fs::is_directory(status)) {
        stamp.kind = FileStamp::Kind::directory;
        return stamp;
    }
    if (!fs::is_regular_file(status)) {
        stamp.kind = FileStamp::Kind::other;
        return stamp;
    }
    stamp.kind = FileStamp::Kind::file;
    stamp.size = fs::file_size(p, error);
    stamp.modified = static_cast<std::int64_t>(fs::last_write_time(p, error).time_since_epoch().count());
    return stamp;
}

}  // namespace kinema::output
