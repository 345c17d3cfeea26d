// What a caller may tell a level loader beyond the file: which level of a project holding several (an LDtk
// project), which layer, IntGrid value or colour marks walls where the file's own conventions do not
// (docs/levels.md, one section per format). Formats that hold one level and mark walls themselves (Moving AI,
// kinema ASCII, OBJ) ignore these; a format that uses them refuses a name the file does not have.
#pragma once

#include <string>

namespace kinema::levels {

struct LevelReadOptions {
    /// The level to read from a file holding several (LDtk: a level's identifier); empty = the first.
    std::string level;
    /// What marks walls besides the format's conventions (Tiled: a tile layer's name; LDtk: an IntGrid
    /// value's identifier; images: a colour "#rrggbb"); empty = only the conventions.
    std::string walls;
};

}  // namespace kinema::levels
