// libFuzzer target for the 3D scenes read through Assimp (src/formats/assimp_scene.cpp): glTF text and .glb
// bytes, and ASCII FBX, COLLADA, PLY and STL (named by how the input starts): any input either becomes a mesh
// whose triangles index existing, finite vertices, or is refused with a LevelError naming the file; never a
// crash, a hang or a leak, in kinema's checks (gltf_checks.cpp) or in Assimp behind them. Assimp is Debian's
// library, not instrumented: its crashes still stop the fuzzer (AddressSanitizer's SEGV handler), its
// out-of-bounds reads within mapped memory do not. The scene is named as if it were in data/levels
// (KINEMA_FUZZ_LEVELS_DIR), so a mutated uri can reach corner_ramp.bin there. Seeds:
// data/levels/corner_ramp*.gltf, .glb, .fbx, .dae, .ply and .stl (scripts/fuzz.sh).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "assimp_scene.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/levels/level_error.hpp"

namespace {

/// The extension the input is named with, by its start: the seeds' formats (a .glb's magic, an ASCII FBX's
/// comment, COLLADA's XML, PLY's and ASCII STL's first word); everything else is tried as glTF JSON.
const char* extension_for(const std::string& bytes) {
    const auto starts = [&](const char* prefix) { return bytes.rfind(prefix, 0) == 0; };
    if (starts("glTF"))
        return ".glb";
    if (starts("; FBX") || starts("Kaydara FBX Binary"))
        return ".fbx";
    if (starts("<?xml"))
        return ".dae";
    if (starts("ply"))
        return ".ply";
    if (starts("solid"))
        return ".stl";
    return ".gltf";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string bytes(reinterpret_cast<const char*>(data), size);
    const std::string name = std::string(KINEMA_FUZZ_LEVELS_DIR) + "/fuzz" + extension_for(bytes);
    try {
        const kinema::levels::TriangleMesh mesh =
            kinema::formats::detail::parse_scene_mesh(std::move(bytes), name, 1u << 20, {});
        if (mesh.triangles.empty()) {
            std::abort();  // an empty mesh must be an error
        }
        for (const auto& triangle : mesh.triangles) {
            for (const std::uint32_t index : triangle) {
                if (index >= mesh.vertices.size()) {
                    std::abort();
                }
            }
        }
        for (const kinema::Vec3& v : mesh.vertices) {
            if (!kinema::is_finite(v)) {
                std::abort();
            }
        }
    } catch (const kinema::levels::LevelError&) {
        // Refused with a message naming the file: fine.
    }
    return 0;
}
