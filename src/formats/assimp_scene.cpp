// 3D scenes through Assimp 5.2 (Debian's libassimp-dev): see assimp_scene.hpp and docs/levels.md, "3D
// scenes".
//
// Assimp is loaded when the first scene is read, not linked: the library and the two it alone brings (draco,
// minizip) cost every kinema process 3-5 ms and 350 page faults at start (41,909 relocations in
// libassimp.so.5 alone), most of a small level's audit, whether or not it reads a scene. Its C interface
// (cimport.h, cfileio.h) is found by dlsym, so nothing of it is needed when kinema starts.
//
// Assimp reads every file itself through an aiFileIO; ours (CappedFiles) hands it the bytes kinema read, so
// the one byte cap of every level loader (kinema::read_file_capped) holds for the scene and for every file
// it refers to, FIFOs and directories are refused as everywhere else, and the scene's own bytes can come
// from memory (the fuzzer).
#include "assimp_scene.hpp"

#include <assimp/cfileio.h>
#include <assimp/cimport.h>
#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <utility>

#include "collada_checks.hpp"
#include "gltf_checks.hpp"
#include "kinema/core/file.hpp"
#include "kinema/core/format.hpp"
#include "kinema/core/shared_library.hpp"
#include "kinema/core/text.hpp"
#include "kinema/levels/level_error.hpp"
#include "kinema/levels/level_formats.hpp"
#include "ply_checks.hpp"

namespace kinema::formats::detail {
namespace {

using levels::LevelError;
using levels::TriangleMesh;

/// The part of Assimp's C interface kinema calls, from the library loaded at run time.
struct AssimpLibrary {
    decltype(&aiImportFileExWithProperties) import_file = nullptr;
    decltype(&aiReleaseImport) release_import = nullptr;
    decltype(&aiCreatePropertyStore) create_properties = nullptr;
    decltype(&aiReleasePropertyStore) release_properties = nullptr;
    decltype(&aiSetImportPropertyInteger) set_integer = nullptr;
    decltype(&aiGetErrorString) error_string = nullptr;
    std::string failure;  ///< why it could not be loaded; empty when every function was found
};

/// Assimp, loaded once per process (and never unloaded: its scenes' memory is its own).
const AssimpLibrary& assimp_library() {
    static const AssimpLibrary library = [] {
        kinema::detail::SharedLibrary assimp = kinema::detail::open_shared_library(KINEMA_ASSIMP_LIBRARY);
        AssimpLibrary l;
        kinema::detail::find_function(assimp, "aiImportFileExWithProperties", l.import_file);
        kinema::detail::find_function(assimp, "aiReleaseImport", l.release_import);
        kinema::detail::find_function(assimp, "aiCreatePropertyStore", l.create_properties);
        kinema::detail::find_function(assimp, "aiReleasePropertyStore", l.release_properties);
        kinema::detail::find_function(assimp, "aiSetImportPropertyInteger", l.set_integer);
        kinema::detail::find_function(assimp, "aiGetErrorString", l.error_string);
        l.failure = std::move(assimp.failure);
        return l;
    }();
    return library;
}

/// A file's bytes as an Assimp stream (read only): Assimp is handed `file`, whose UserData points back here.
struct BytesStream {
    aiFile file{};
    std::string_view bytes;
    size_t position = 0;

    static BytesStream& of(aiFile* f) { return *reinterpret_cast<BytesStream*>(f->UserData); }

    static size_t read(aiFile* f, char* out, size_t size, size_t count) {
        BytesStream& s = of(f);
        if (size == 0) {
            return 0;
        }
        const size_t whole = std::min(count, (s.bytes.size() - s.position) / size);
        std::memcpy(out, s.bytes.data() + s.position, whole * size);
        s.position += whole * size;
        return whole;
    }
    static size_t write(aiFile*, const char*, size_t, size_t) { return 0; }
    static size_t tell(aiFile* f) { return of(f).position; }
    static size_t size(aiFile* f) { return of(f).bytes.size(); }
    static aiReturn seek(aiFile* f, size_t offset, aiOrigin origin) {
        BytesStream& s = of(f);
        const size_t base = origin == aiOrigin_SET ? 0 : origin == aiOrigin_CUR ? s.position : s.bytes.size();
        if (offset > s.bytes.size() - base) {
            return aiReturn_FAILURE;
        }
        s.position = base + offset;
        return aiReturn_SUCCESS;
    }
    static void flush(aiFile*) {}

    explicit BytesStream(std::string_view b) : bytes(b) {
        file = {&read, &write, &tell, &size, &seek, &flush, reinterpret_cast<aiUserData>(this)};
    }
    BytesStream(const BytesStream&) = delete;
    BytesStream& operator=(const BytesStream&) = delete;
};

/// The files Assimp may open: the scene's own bytes (given), and the files it refers to, each read once
/// with read_file_capped within what is left of the one budget (the C interface asks whether a file exists
/// by opening and closing it, so a file is read at its first opening and kept for the next). The first
/// refusal is kept: Assimp's message for a file it could not open ("could not open file") would hide why
/// (over the cap, a FIFO).
class CappedFiles {
  public:
    CappedFiles(const std::string& scene_path, std::string scene_bytes, std::uintmax_t budget)
        : budget_(budget - std::min<std::uintmax_t>(budget, scene_bytes.size())) {
        read_.emplace(scene_path, std::move(scene_bytes));
        io_ = {&open, &close, reinterpret_cast<aiUserData>(this)};
    }
    CappedFiles(const CappedFiles&) = delete;
    CappedFiles& operator=(const CappedFiles&) = delete;
    aiFileIO* io() { return &io_; }
    const std::string& refusal() const { return refusal_; }

  private:
    static CappedFiles& of(aiFileIO* io) { return *reinterpret_cast<CappedFiles*>(io->UserData); }

    // Called from Assimp: nothing may be thrown through it.
    static aiFile* open(aiFileIO* io, const char* file, const char* mode) noexcept {
        if (std::strchr(mode, 'w') != nullptr || std::strchr(mode, 'a') != nullptr) {
            return nullptr;  // a loader never writes
        }
        try {
            const std::string* bytes = of(io).bytes_of(file);
            return bytes == nullptr ? nullptr : &(new BytesStream(*bytes))->file;
        } catch (...) {  // out of memory
            return nullptr;
        }
    }
    static void close(aiFileIO*, aiFile* file) noexcept { delete &BytesStream::of(file); }

    const std::string* bytes_of(const std::string& file) {
        const auto known = read_.find(file);
        if (known != read_.end()) {
            return &known->second;
        }
        try {
            std::string bytes = read_file_capped(file, budget_);
            budget_ -= bytes.size();
            return &read_.emplace(file, std::move(bytes)).first->second;
        } catch (const FileError& e) {
            if (refusal_.empty()) {
                refusal_ = e.what();
            }
            return nullptr;
        }
    }

    aiFileIO io_{};
    std::map<std::string, std::string> read_;  // by the name Assimp asked for; a node's address never changes
    std::uintmax_t budget_;
    std::string refusal_;
};

/// Assimp's message on one line, at most 300 bytes: its parsers' messages may hold newlines or file bytes.
std::string one_line(std::string_view message) {
    std::string out;
    for (const char c : message.substr(0, 300)) {
        out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
    }
    while (!out.empty() && out.back() == ' ') {
        out.pop_back();
    }
    return out.empty() ? "no reason given" : out;
}

/// A mesh as messages name it: by its name, on one line, or by its place in the scene where it has none.
std::string mesh_name(const aiMesh& mesh, unsigned index) {
    const std::string_view name = mesh.mName.C_Str();
    return name.empty() ? "mesh " + std::to_string(index) : "mesh '" + one_line(name) + "'";
}

/// A number from the scene's metadata (FBX's GlobalSettings), whatever type Assimp stored it as.
std::optional<double> metadata_number(const aiScene& scene, std::string_view key) {
    const aiMetadata* data = scene.mMetaData;
    for (unsigned i = 0; data != nullptr && i < data->mNumProperties; ++i) {
        if (std::string_view(data->mKeys[i].C_Str()) != key || data->mValues[i].mData == nullptr) {
            continue;
        }
        const void* value = data->mValues[i].mData;
        switch (data->mValues[i].mType) {
            case AI_INT32:
                return *static_cast<const int32_t*>(value);
            case AI_UINT64:
                return static_cast<double>(*static_cast<const uint64_t*>(value));
            case AI_FLOAT:
                return *static_cast<const float*>(value);
            case AI_DOUBLE:
                return *static_cast<const double*>(value);
            default:
                return std::nullopt;
        }
    }
    return std::nullopt;
}

/// FBX's GlobalSettings, which Assimp 5.2 leaves in the scene's metadata without applying them: the file's
/// axes (UpAxis, FrontAxis, CoordAxis, each 0 = x, 1 = y, 2 = z, with a sign) become kinema's y, z and x, and
/// UnitScaleFactor (centimetres per unit, as the FBX SDK's FbxSystemUnit defines it) becomes metres.
/// Maya's and Assimp's own y-up files (1, 2, 0) are unchanged; 3ds Max's z-up ones (2, -1, 0) turn
/// (x, y, z) into (x, z, -y).
void apply_fbx_settings(const aiScene& scene, const std::string& path, TriangleMesh& mesh) {
    const auto axis = [&](const char* name, double fallback) {
        const double value = metadata_number(scene, name).value_or(fallback);
        if (value != 0.0 && value != 1.0 && value != 2.0) {
            throw LevelError(path + ": FBX GlobalSettings " + name + " must be 0, 1 or 2, got " +
                             format_number(value));
        }
        return static_cast<int>(value);
    };
    const auto sign = [&](const char* name) {
        return metadata_number(scene, name).value_or(1.0) < 0 ? -1 : 1;
    };
    const int up = axis("UpAxis", 1);
    const int front = axis("FrontAxis", 2);
    const int coord = axis("CoordAxis", 0);
    if (up == front || up == coord || front == coord) {
        throw LevelError(path + ": FBX GlobalSettings UpAxis " + std::to_string(up) + ", FrontAxis " +
                         std::to_string(front) + " and CoordAxis " + std::to_string(coord) +
                         " must be three different axes");
    }
    const double centimetres = metadata_number(scene, "UnitScaleFactor").value_or(1.0);
    if (!(centimetres >= 1e-4 && centimetres <= 1e8)) {
        throw LevelError(path +
                         ": FBX GlobalSettings UnitScaleFactor must be in [1e-4, 1e8] centimetres, got " +
                         format_number(centimetres));
    }
    const double metres = centimetres / 100.0;
    const int up_sign = sign("UpAxisSign");
    const int front_sign = sign("FrontAxisSign");
    const int coord_sign = sign("CoordAxisSign");
    for (Vec3& v : mesh.vertices) {
        const std::array<double, 3> file{v.x, v.y, v.z};
        v = Vec3{coord_sign * file[coord], up_sign * file[up], front_sign * file[front]} * metres;
    }
}

/// Every triangle of every mesh of a scene whose vertices Assimp has put in world space, merged.
TriangleMesh merged_triangles(const aiScene& scene, const std::string& path) {
    TriangleMesh merged;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh& mesh = *scene.mMeshes[m];
        if ((mesh.mPrimitiveTypes & aiPrimitiveType_TRIANGLE) == 0 || mesh.mVertices == nullptr) {
            continue;
        }
        if (merged.vertices.size() + mesh.mNumVertices > std::numeric_limits<std::uint32_t>::max()) {
            throw LevelError(path + ": more than 2^32 vertices");
        }
        const auto first = static_cast<std::uint32_t>(merged.vertices.size());
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            const aiVector3D& p = mesh.mVertices[v];
            const Vec3 vertex{static_cast<double>(p.x), static_cast<double>(p.y), static_cast<double>(p.z)};
            if (!is_finite(vertex)) {
                throw LevelError(path + ": " + mesh_name(mesh, m) +
                                 " has a vertex that is not finite (number " + std::to_string(v) + ")");
            }
            merged.vertices.push_back(vertex);
        }
        for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
            const aiFace& face = mesh.mFaces[f];
            if (face.mNumIndices != 3 || face.mIndices[0] >= mesh.mNumVertices ||
                face.mIndices[1] >= mesh.mNumVertices || face.mIndices[2] >= mesh.mNumVertices) {
                continue;  // a point or a line left in a mixed mesh; Assimp's validation refuses bad indices
            }
            merged.triangles.push_back(
                {first + face.mIndices[0], first + face.mIndices[1], first + face.mIndices[2]});
        }
    }
    if (merged.triangles.empty()) {
        throw LevelError(path + ": the scene has no triangles (" + std::to_string(scene.mNumMeshes) +
                         " meshes; points and lines are not walkable)");
    }
    return merged;
}

/// Assimp's steps: check the scene (ValidateDataStructure refuses an index past a mesh's vertices),
/// triangulate polygons, put every vertex in world space (the node transforms applied, so a level in
/// centimetres under a 0.01 scale node becomes metres), drop points and lines.
constexpr unsigned check_step = aiProcess_ValidateDataStructure;
constexpr unsigned import_steps =
    check_step | aiProcess_Triangulate | aiProcess_PreTransformVertices | aiProcess_SortByPType;

/// Refuses a face without corners: a reader may leave one (Assimp 5.2's PLY reader, for a face list entry
/// "0" or a face list cut short: found by fuzz/mesh_scene_fuzz.cpp), ValidateDataStructure lets it pass, and
/// Triangulate then stops the process on an assertion (abort, in Debian's build as in `assimp info`).
void check_faces(const aiScene& scene, const std::string& path) {
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh& mesh = *scene.mMeshes[m];
        for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
            if (mesh.mFaces[f].mNumIndices == 0) {
                throw LevelError(path + ": " + mesh_name(mesh, m) + " has a face without corners (face " +
                                 std::to_string(f) + ")");
            }
        }
    }
}

}  // namespace

TriangleMesh parse_scene_mesh(std::string bytes, const std::string& path, std::uintmax_t max_bytes,
                              const levels::LevelReadOptions& options) {
    levels::check_level_read_options(options);
    if (has_extension(path, ".gltf") || has_extension(path, ".glb")) {
        check_gltf_buffers(bytes, path, max_bytes);
    }
    if (has_extension(path, ".ply")) {
        check_ply_header(bytes, path);
    }
    if (has_extension(path, ".dae")) {
        check_collada(bytes, path);
    }
    const AssimpLibrary& assimp = assimp_library();
    if (!assimp.failure.empty()) {
        throw LevelError(path + ": reading this scene needs Assimp 5 (Debian: apt-get install libassimp5), " +
                         "which could not be loaded: " + one_line(assimp.failure));
    }
    CappedFiles files(path, std::move(bytes), max_bytes);
    const std::unique_ptr<aiPropertyStore, decltype(assimp.release_properties)> properties(
        assimp.create_properties(), assimp.release_properties);
    assimp.set_integer(properties.get(), AI_CONFIG_PP_SBP_REMOVE,
                       aiPrimitiveType_POINT | aiPrimitiveType_LINE);
    // The C interface keeps its last error in one string for the whole process: one scene at a time, held
    // until its release (declared after the lock, so released first).
    static std::mutex one_scene;
    const std::lock_guard<std::mutex> lock(one_scene);
    const auto import_scene = [&](unsigned steps) {
        std::unique_ptr<const aiScene, decltype(assimp.release_import)> scene(
            assimp.import_file(path.c_str(), steps, files.io(), properties.get()), assimp.release_import);
        if (scene == nullptr) {
            const std::string why =
                files.refusal().empty() ? one_line(assimp.error_string()) : files.refusal();
            throw LevelError(path + ": Assimp could not read the scene: " + why);
        }
        return scene;
    };
    // Read twice: checked as the reader leaves it, then with every step. Assimp's C interface has no safe way
    // to run the steps on a scene it has read (aiApplyPostProcessing frees the scene a second time when a
    // step fails: SortByPType's "No meshes remaining"), and one reading with every step aborts in
    // Triangulate on the faces check_faces refuses. The files are read from disk once (CappedFiles).
    check_faces(*import_scene(check_step), path);
    const auto scene = import_scene(import_steps);
    TriangleMesh mesh = merged_triangles(*scene, path);
    if (has_extension(path, ".fbx")) {
        apply_fbx_settings(*scene, path, mesh);
    }
    levels::apply_mesh_options(mesh, options);
    return mesh;
}

TriangleMesh load_scene_mesh(const std::string& path, std::uintmax_t max_bytes,
                             const levels::LevelReadOptions& options) {
    levels::check_level_read_options(options);
    std::string bytes;
    try {
        bytes = read_file_capped(path, max_bytes);
    } catch (const FileError& e) {
        // Line 0: the file itself cannot be read, as the grid loaders say it (Python raises OSError).
        throw LevelError(path, 0, e.why());
    }
    return parse_scene_mesh(std::move(bytes), path, max_bytes, options);
}

}  // namespace kinema::formats::detail
