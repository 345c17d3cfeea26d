// libFuzzer target for the 3D scenes read through Assimp (src/formats/assimp_scene.cpp), glTF text and .glb
// bytes: any input either becomes a mesh whose triangles index existing, finite vertices, or is refused with
// a LevelError naming the file; never a crash, a hang or a leak, in kinema's checks (gltf_checks.cpp) or in
// Assimp behind them. Assimp is Debian's library, not instrumented: its crashes still stop the fuzzer
// (AddressSanitizer's SEGV handler), its out-of-bounds reads within mapped memory do not. The scene is named
// as if it were in data/levels (KINEMA_FUZZ_LEVELS_DIR), so a mutated uri can reach corner_ramp.bin there.
// Seeds: data/levels/corner_ramp*.gltf and .glb (scripts/fuzz.sh).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "assimp_scene.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/levels/level_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string bytes(reinterpret_cast<const char*>(data), size);
    // A .glb starts with its magic; everything else is tried as glTF JSON.
    const bool binary = bytes.rfind("glTF", 0) == 0;
    const std::string name = std::string(KINEMA_FUZZ_LEVELS_DIR) + (binary ? "/fuzz.glb" : "/fuzz.gltf");
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
