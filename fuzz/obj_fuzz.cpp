// libFuzzer target for the OBJ loader (kinema/levels/obj.hpp): any input either parses into a mesh whose
// triangles index existing vertices, all finite, or throws ObjError; never crashes, hangs or leaks. Built
// with kinema::nav (KINEMA_FUZZ_BUILD_LEVELS, as scripts/fuzz.sh does), every parsed mesh is also built into
// a level with Recast, which either succeeds or throws LevelError (or SettingsError): the shapes Recast
// cannot build (less than half a voxel across, far from the origin, kilometres wide) must be refused, not
// crash. The voxel budget (NavSettings::max_voxels, checked before Recast starts) keeps each build to
// milliseconds.
//   clang++ -std=c++20 -fsanitize=fuzzer,address,undefined -Iinclude fuzz/obj_fuzz.cpp src/levels/obj.cpp \
//       src/core/validation.cpp -o obj_fuzz && ./obj_fuzz -max_total_time=60
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "kinema/levels/obj.hpp"
#ifdef KINEMA_FUZZ_BUILD_LEVELS
#include <stdexcept>

#include "kinema/nav/level.hpp"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const kinema::levels::TriangleMesh mesh = kinema::levels::parse_obj(text, "fuzz.obj");
        if (mesh.triangles.empty()) {
            std::abort();  // an empty mesh must be an error
        }
        for (const auto& tri : mesh.triangles) {
            for (std::uint32_t index : tri) {
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
#ifdef KINEMA_FUZZ_BUILD_LEVELS
        kinema::nav::NavSettings settings;
        settings.max_voxels = 65536.0;  // a 77 m square at 0.3 m: tens of milliseconds under the sanitizers
        try {
            (void)kinema::nav::Level::build(mesh, settings);
        } catch (const std::invalid_argument&) {
            // LevelError (a mesh Recast cannot build, said why) or SettingsError: fine.
        }
#endif
    } catch (const kinema::levels::ObjError&) {
        // Rejected with a message naming the line: fine.
    }
    return 0;
}
