// The level files designers have: Tiled maps (.tmx, .tmj), LDtk projects (.ldtk), collision-mask images
// (.png, .bmp) and, where kinema is built with Assimp, 3D scenes (glTF, FBX, COLLADA, PLY, STL, 3DS).
// kinema::formats is an optional part beside the core (it links pugixml, zlib, zstd, stb_image and Assimp);
// it adds these formats to the one registry of level formats (kinema/levels/level_formats.hpp), through which
// every face loads a file, so the CLI, the C ABI, Python and the web read them without choosing a loader.
// docs/levels.md has a section per format: which tiles are walls, markers, and a worked example.
#pragma once

namespace kinema::formats {

/// Adds every format this build of kinema::formats reads to levels' registry. Call it once before loading
/// levels (each face does at start); calling it again, from any thread, does nothing.
void register_designer_formats();

}  // namespace kinema::formats
