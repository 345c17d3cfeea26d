// 3D scenes through Assimp 5.2 (Debian's libassimp-dev): see assimp_scene.hpp and docs/levels.md, "3D
// scenes".
//
// Assimp reads every file itself through an IOSystem; ours (CappedFiles) hands it the bytes kinema read, so
// the one byte cap of every level loader (kinema::read_file_capped) holds for the scene and for every file
// it refers to, FIFOs and directories are refused as everywhere else, and the scene's own bytes can come
// from memory (the fuzzer).
#include "assimp_scene.hpp"

#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string_view>
#include <utility>

#include "gltf_checks.hpp"
#include "kinema/core/file.hpp"
#include "kinema/core/format.hpp"
#include "kinema/core/text.hpp"
#include "kinema/levels/level_error.hpp"
#include "kinema/levels/level_formats.hpp"

namespace kinema::formats::detail {
namespace {

using levels::LevelError;
using levels::TriangleMesh;

/// A file's bytes as an Assimp stream (read only).
class StringStream final : public Assimp::IOStream {
  public:
    explicit StringStream(std::string bytes) : bytes_(std::move(bytes)) {}
    size_t Read(void* out, size_t size, size_t count) override {
        if (size == 0) {
            return 0;
        }
        const size_t whole = std::min(count, (bytes_.size() - position_) / size);
        std::memcpy(out, bytes_.data() + position_, whole * size);
        position_ += whole * size;
        return whole;
    }
    size_t Write(const void*, size_t, size_t) override { return 0; }
    aiReturn Seek(size_t offset, aiOrigin origin) override {
        const size_t base = origin == aiOrigin_SET ? 0 : origin == aiOrigin_CUR ? position_ : bytes_.size();
        if (offset > bytes_.size() - base) {
            return aiReturn_FAILURE;
        }
        position_ = base + offset;
        return aiReturn_SUCCESS;
    }
    size_t Tell() const override { return position_; }
    size_t FileSize() const override { return bytes_.size(); }
    void Flush() override {}

  private:
    std::string bytes_;
    size_t position_ = 0;
};

/// The files Assimp may open: the scene's own bytes (given), and the files it refers to, each read with
/// read_file_capped within what is left of the one budget. The first refusal is kept: Assimp's message for
/// a file it could not open ("could not open file") would hide why (over the cap, a FIFO).
class CappedFiles final : public Assimp::IOSystem {
  public:
    CappedFiles(std::string scene_path, std::string scene_bytes, std::uintmax_t budget)
        : scene_path_(std::move(scene_path)),
          scene_bytes_(std::move(scene_bytes)),
          budget_(budget - std::min<std::uintmax_t>(budget, scene_bytes_.size())) {}

    bool Exists(const char* file) const override {
        std::error_code ignored;
        return file == scene_path_ || std::filesystem::is_regular_file(file, ignored);
    }
    char getOsSeparator() const override { return '/'; }
    Assimp::IOStream* Open(const char* file, const char* mode) override {
        if (std::strchr(mode, 'w') != nullptr || std::strchr(mode, 'a') != nullptr) {
            return nullptr;  // a loader never writes
        }
        if (file == scene_path_ && !scene_taken_) {
            scene_taken_ = true;  // Assimp opens the scene once to read it; later opens read it from disk
            return new StringStream(scene_bytes_);
        }
        try {
            std::string bytes = read_file_capped(file, budget_);
            budget_ -= bytes.size();
            return new StringStream(std::move(bytes));
        } catch (const FileError& e) {
            if (refusal_.empty()) {
                refusal_ = e.what();
            }
            return nullptr;
        }
    }
    void Close(Assimp::IOStream* stream) override { delete stream; }
    const std::string& refusal() const { return refusal_; }

  private:
    std::string scene_path_;
    std::string scene_bytes_;
    std::uintmax_t budget_;
    bool scene_taken_ = false;
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
                throw LevelError(path + ": mesh '" + one_line(mesh.mName.C_Str()) +
                                 "' has a vertex that is not " + "finite (number " + std::to_string(v) + ")");
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

/// Assimp's steps: triangulate polygons, put every vertex in world space (the node transforms applied, so a
/// level in centimetres under a 0.01 scale node becomes metres), drop points and lines, and check the
/// scene's indices (ValidateDataStructure refuses an index past a mesh's vertices).
constexpr unsigned import_steps = aiProcess_Triangulate | aiProcess_PreTransformVertices |
                                  aiProcess_SortByPType | aiProcess_ValidateDataStructure;

}  // namespace

TriangleMesh parse_scene_mesh(std::string bytes, const std::string& path, std::uintmax_t max_bytes,
                              const levels::LevelReadOptions& options) {
    levels::check_level_read_options(options);
    if (has_extension(path, ".gltf") || has_extension(path, ".glb")) {
        check_gltf_buffers(bytes, path, max_bytes);
    }
    Assimp::Importer importer;
    auto* files = new CappedFiles(path, std::move(bytes), max_bytes);
    importer.SetIOHandler(files);  // the importer owns it
    importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE, aiPrimitiveType_POINT | aiPrimitiveType_LINE);
    const aiScene* scene = nullptr;
    try {
        scene = importer.ReadFile(path, import_steps);
    } catch (const std::exception& e) {
        throw LevelError(path + ": Assimp could not read the scene: " + one_line(e.what()));
    }
    if (scene == nullptr) {
        const std::string why =
            files->refusal().empty() ? one_line(importer.GetErrorString()) : files->refusal();
        throw LevelError(path + ": Assimp could not read the scene: " + why);
    }
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
