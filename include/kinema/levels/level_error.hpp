// The one error of every level loader and builder: the grid loaders (Moving AI, kinema ASCII) and the navmesh
// levels built from a mesh or read from a .navmesh file (kinema/nav/level.hpp) all throw it.
#pragma once

#include <stdexcept>
#include <string>

namespace kinema::levels {

/// A level that cannot be loaded or built. A grid level file's error names its line: what() is
/// "FILE:LINE: message" (LINE is 1-based; 0 when the file itself cannot be read), as the CLI error convention
/// requires. A navmesh level's error is a message of its own ("level: ..." for a mesh that cannot become a
/// level, "NAME: ..." for a bad .navmesh file); file() is then empty and line() 0.
class LevelError : public std::invalid_argument {
  public:
    LevelError(std::string file, int line, const std::string& message);
    explicit LevelError(const std::string& message);

    const std::string& file() const noexcept { return file_; }
    int line() const noexcept { return line_; }
    /// True when the file itself cannot be read (missing, a directory, over the size cap): line 0 of a named
    /// file. Python raises OSError for these and ValueError for the rest.
    bool unreadable_file() const noexcept { return line_ == 0 && !file_.empty(); }
    /// what() with the mesh's file named in place of the builder's "level: " ("level: the mesh is empty" ->
    /// "FILE: the mesh is empty"); any other message is prefixed with "FILE: ".
    std::string naming_file(const std::string& path) const;

  private:
    std::string file_;
    int line_ = 0;
};

}  // namespace kinema::levels
