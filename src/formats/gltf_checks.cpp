#include "gltf_checks.hpp"

#include <cctype>
#include <cstring>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "kinema/core/file.hpp"
#include "kinema/core/text.hpp"
#include "kinema/levels/level_error.hpp"

namespace kinema::formats::detail {
namespace {

using levels::LevelError;
using nlohmann::json;

/// Deeper JSON than any glTF needs (a file nests about eight levels; extras a few more). Assimp's JSON
/// parser (rapidjson) recurses once per level, so a file nested a million deep overflows the stack.
constexpr int max_json_depth = 64;
/// Deeper node hierarchies than a level needs; Assimp recurses once per level of the node tree.
constexpr std::size_t max_node_depth = 1024;

struct Context {
    const std::string& path;
    std::uintmax_t max_bytes;
    std::optional<std::uint64_t> bin_chunk;  ///< a .glb's BIN chunk length
};

[[noreturn]] void fail(const Context& c, const std::string& element, const std::string& message) {
    throw LevelError(c.path + ": " + element + ": " + message);
}

std::string at(const char* array, std::size_t i) {
    return std::string(array) + "[" + std::to_string(i) + "]";
}

/// A whole number >= 0 member of `object`; `fallback` when absent (nullopt: required).
std::uint64_t whole(const Context& c, const json& object, const char* key, const std::string& where,
                    std::optional<std::uint64_t> fallback = std::nullopt) {
    const auto found = object.find(key);
    if (found == object.end()) {
        if (!fallback) {
            fail(c, where, std::string("has no ") + key);
        }
        return *fallback;
    }
    if (!found->is_number_unsigned()) {
        fail(c, where + "." + key, "must be a whole number >= 0, got " + quote_for_message(found->dump()));
    }
    return found->get<std::uint64_t>();
}

const json& array_member(const Context& c, const json& object, const char* key, const std::string& where) {
    static const json empty = json::array();
    const auto found = object.find(key);
    if (found == object.end()) {
        return empty;
    }
    if (!found->is_array()) {
        fail(c, where.empty() ? key : where + "." + key, "must be an array");
    }
    return *found;
}

void check_object(const Context& c, const json& value, const std::string& where) {
    if (!value.is_object()) {
        fail(c, where, "must be an object");
    }
}

std::uint64_t index(const Context& c, const json& object, const char* key, const std::string& where,
                    std::size_t size, const char* of) {
    const std::uint64_t i = whole(c, object, key, where);
    if (i >= size) {
        fail(c, where + "." + key, std::to_string(i) + " but there are " + std::to_string(size) + " " + of);
    }
    return i;
}

/// The deepest nesting of arrays and objects in JSON text (strings skipped), stopping past the limit.
int json_depth(std::string_view text) {
    int depth = 0;
    int deepest = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size() && deepest <= max_json_depth; ++i) {
        const char ch = text[i];
        if (in_string) {
            i += ch == '\\' ? 1 : 0;
            in_string = ch != '"';
        } else if (ch == '"') {
            in_string = true;
        } else if (ch == '[' || ch == '{') {
            deepest = std::max(deepest, ++depth);
        } else if (ch == ']' || ch == '}') {
            --depth;
        }
    }
    return deepest;
}

std::uint32_t little_u32(std::string_view bytes, std::size_t at_byte) {
    const auto* b = reinterpret_cast<const unsigned char*>(bytes.data() + at_byte);
    return std::uint32_t{b[0]} | std::uint32_t{b[1]} << 8 | std::uint32_t{b[2]} << 16 |
           std::uint32_t{b[3]} << 24;
}

/// A .glb's JSON chunk, with its BIN chunk's length (glTF 2.0 section 4.4, "Binary glTF layout").
std::string_view split_glb(Context& c, std::string_view bytes) {
    if (bytes.size() < 20) {
        fail(c, "glb header",
             "truncated: " + std::to_string(bytes.size()) + " bytes, a .glb has at least 20");
    }
    if (little_u32(bytes, 4) != 2) {
        fail(c, "glb header", "glTF version " + std::to_string(little_u32(bytes, 4)) + ", kinema reads 2");
    }
    const std::uint32_t length = little_u32(bytes, 8);
    if (length > bytes.size()) {
        fail(c, "glb header",
             "truncated: the header says " + std::to_string(length) + " bytes, the file has " +
                 std::to_string(bytes.size()));
    }
    const std::uint64_t json_length = little_u32(bytes, 12);
    if (little_u32(bytes, 16) != 0x4E4F534Au || 20 + json_length > length) {
        fail(c, "glb chunk 0", "not a JSON chunk within the file's " + std::to_string(length) + " bytes");
    }
    const std::uint64_t bin_at = 20 + ((json_length + 3) & ~std::uint64_t{3});
    if (bin_at + 8 <= length && little_u32(bytes, bin_at + 4) == 0x004E4942u) {
        const std::uint64_t bin_length = little_u32(bytes, bin_at);
        if (bin_at + 8 + bin_length > length) {
            fail(c, "glb chunk 1",
                 "truncated: BIN chunk of " + std::to_string(bin_length) + " bytes past the end");
        }
        c.bin_chunk = bin_length;
    }
    return bytes.substr(20, json_length);
}

std::string percent_decoded(std::string_view uri) {
    std::string out;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
            out += static_cast<char>(std::stoi(std::string(uri.substr(i + 1, 2)), nullptr, 16));
            i += 2;
        } else {
            out += uri[i];
        }
    }
    return out;
}

/// How many bytes a buffer's data holds: its data: URI decoded, its external file, or the .glb's BIN chunk.
std::uint64_t buffer_data_size(const Context& c, const json& buffer, const std::string& where) {
    const auto uri = buffer.find("uri");
    if (uri == buffer.end()) {
        if (!c.bin_chunk) {
            fail(c, where, "has no uri and the file has no BIN chunk");
        }
        return *c.bin_chunk;
    }
    if (!uri->is_string()) {
        fail(c, where + ".uri", "must be a string");
    }
    const std::string& text = uri->get_ref<const std::string&>();
    if (text.rfind("data:", 0) == 0) {
        const std::size_t comma = text.find(',');
        if (comma == std::string::npos || text.rfind(";base64", comma) == std::string::npos) {
            fail(c, where + ".uri", "a data: URI that is not base64");
        }
        std::size_t digits = text.size() - comma - 1;
        for (std::size_t i = text.size(); i > comma + 1 && text[i - 1] == '='; --i) {
            --digits;
        }
        return digits * 3 / 4;
    }
    const std::filesystem::path file = utf8_path(c.path).parent_path() / utf8_path(percent_decoded(text));
    std::error_code error;
    const auto status = std::filesystem::status(file, error);
    if (!std::filesystem::is_regular_file(status)) {
        fail(c, where + ".uri",
             "cannot open " + quote_for_message(text, 200) +
                 (std::filesystem::exists(status) ? " (not a file)" : ": no such file") +
                 " (found relative to the glTF file)");
    }
    return std::filesystem::file_size(file, error);
}

std::vector<std::uint64_t> check_buffers(const Context& c, const json& root) {
    std::vector<std::uint64_t> lengths;
    const json& buffers = array_member(c, root, "buffers", "");
    for (std::size_t i = 0; i < buffers.size(); ++i) {
        const std::string where = at("buffers", i);
        check_object(c, buffers[i], where);
        const std::uint64_t length = whole(c, buffers[i], "byteLength", where);
        const std::uint64_t held = buffer_data_size(c, buffers[i], where);
        if (held < length) {
            fail(c, where,
                 "byteLength " + std::to_string(length) + " but its data has " + std::to_string(held) +
                     " bytes");
        }
        lengths.push_back(length);
    }
    return lengths;
}

struct View {
    std::uint64_t length = 0;
    std::uint64_t stride = 0;  ///< 0: tightly packed
};

std::vector<View> check_views(const Context& c, const json& root, const std::vector<std::uint64_t>& buffers) {
    std::vector<View> views;
    const json& all = array_member(c, root, "bufferViews", "");
    for (std::size_t i = 0; i < all.size(); ++i) {
        const std::string where = at("bufferViews", i);
        check_object(c, all[i], where);
        const std::uint64_t buffer = index(c, all[i], "buffer", where, buffers.size(), "buffers");
        const std::uint64_t offset = whole(c, all[i], "byteOffset", where, 0);
        const std::uint64_t length = whole(c, all[i], "byteLength", where);
        if (offset > buffers[buffer] || length > buffers[buffer] - offset) {
            fail(c, where,
                 "bytes " + std::to_string(offset) + " + " + std::to_string(length) + " run past buffers[" +
                     std::to_string(buffer) + "] (byteLength " + std::to_string(buffers[buffer]) + ")");
        }
        const std::uint64_t stride = whole(c, all[i], "byteStride", where, 0);
        if (stride != 0 && (stride < 4 || stride > 252)) {
            fail(c, where + ".byteStride", "must be in [4, 252], got " + std::to_string(stride));
        }
        views.push_back({length, stride});
    }
    return views;
}

std::uint64_t component_size(const Context& c, const json& object, const std::string& where) {
    switch (whole(c, object, "componentType", where)) {
        case 5120:
        case 5121:
            return 1;  // BYTE, UNSIGNED_BYTE
        case 5122:
        case 5123:
            return 2;  // SHORT, UNSIGNED_SHORT
        case 5125:
        case 5126:
            return 4;  // UNSIGNED_INT, FLOAT
        default:
            fail(c, where + ".componentType", "not a glTF component type (5120-5126)");
    }
}

std::uint64_t components(const Context& c, const json& accessor, const std::string& where) {
    const auto type = accessor.find("type");
    const std::string name = type != accessor.end() && type->is_string() ? type->get<std::string>() : "";
    if (name == "SCALAR")
        return 1;
    if (name == "VEC2")
        return 2;
    if (name == "VEC3")
        return 3;
    if (name == "VEC4" || name == "MAT2")
        return 4;
    if (name == "MAT3")
        return 9;
    if (name == "MAT4")
        return 16;
    fail(c, where + ".type", "must be SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4");
}

/// `count` elements of `element` bytes, `stride` apart, from `offset` in a view: within its length?
void check_span(const Context& c, const std::string& where, std::uint64_t count, std::uint64_t element,
                std::uint64_t offset, const View& view, std::uint64_t view_index) {
    const std::uint64_t stride = view.stride != 0 ? view.stride : element;
    if (view.stride != 0 && view.stride < element) {
        fail(c, where,
             "elements of " + std::to_string(element) + " bytes but bufferViews[" +
                 std::to_string(view_index) + "].byteStride is " + std::to_string(view.stride));
    }
    // offset + stride * (count - 1) + element <= length, without overflow
    const bool fits = count == 0 || (offset <= view.length && element <= view.length - offset &&
                                     (count - 1) <= (view.length - offset - element) / stride);
    if (!fits) {
        fail(c, where,
             std::to_string(count) + " elements of " + std::to_string(element) + " bytes from byte " +
                 std::to_string(offset) + " run past bufferViews[" + std::to_string(view_index) +
                 "] (byteLength " + std::to_string(view.length) + ")");
    }
}

void check_sparse(const Context& c, const json& sparse, const std::string& where, std::uint64_t element,
                  std::uint64_t count, const std::vector<View>& views) {
    check_object(c, sparse, where);
    const std::uint64_t changed = whole(c, sparse, "count", where);
    if (changed > count) {
        fail(c, where + ".count",
             std::to_string(changed) + " is more than the accessor's count " + std::to_string(count));
    }
    for (const char* part : {"indices", "values"}) {
        const std::string part_where = where + "." + part;
        const auto found = sparse.find(part);
        if (found == sparse.end()) {
            fail(c, where, std::string("has no ") + part);
        }
        check_object(c, *found, part_where);
        const std::uint64_t view = index(c, *found, "bufferView", part_where, views.size(), "bufferViews");
        const std::uint64_t size =
            part == std::string_view("indices") ? component_size(c, *found, part_where) : element;
        check_span(c, part_where, changed, size, whole(c, *found, "byteOffset", part_where, 0),
                   View{views[view].length, 0}, view);
    }
}

std::size_t check_accessors(const Context& c, const json& root, const std::vector<View>& views) {
    const json& accessors = array_member(c, root, "accessors", "");
    for (std::size_t i = 0; i < accessors.size(); ++i) {
        const std::string where = at("accessors", i);
        const json& accessor = accessors[i];
        check_object(c, accessor, where);
        const std::uint64_t element = component_size(c, accessor, where) * components(c, accessor, where);
        const std::uint64_t count = whole(c, accessor, "count", where);
        if (accessor.contains("bufferView")) {
            const std::uint64_t view = index(c, accessor, "bufferView", where, views.size(), "bufferViews");
            check_span(c, where, count, element, whole(c, accessor, "byteOffset", where, 0), views[view],
                       view);
        } else if (count > c.max_bytes / element) {
            // Zeros the importer allocates itself: no bigger than the file may be.
            fail(c, where,
                 "count " + std::to_string(count) + " without a bufferView: more than the " +
                     std::to_string(c.max_bytes) + " bytes a level file may hold");
        }
        if (accessor.contains("sparse")) {
            check_sparse(c, accessor["sparse"], where + ".sparse", element, count, views);
        }
    }
    return accessors.size();
}

std::size_t check_meshes(const Context& c, const json& root, std::size_t accessors) {
    const json& meshes = array_member(c, root, "meshes", "");
    for (std::size_t m = 0; m < meshes.size(); ++m) {
        const std::string mesh = at("meshes", m);
        check_object(c, meshes[m], mesh);
        const json& primitives = array_member(c, meshes[m], "primitives", mesh);
        for (std::size_t p = 0; p < primitives.size(); ++p) {
            const std::string where = mesh + "." + at("primitives", p);
            check_object(c, primitives[p], where);
            if (primitives[p].contains("indices")) {
                index(c, primitives[p], "indices", where, accessors, "accessors");
            }
            const auto attributes = primitives[p].find("attributes");
            if (attributes == primitives[p].end() || !attributes->is_object()) {
                fail(c, where, "has no attributes object");
            }
            for (const auto& [name, value] : attributes->items()) {
                index(c, *attributes, name.c_str(), where + ".attributes", accessors, "accessors");
            }
        }
    }
    return meshes.size();
}

/// glTF 2.0 section 3.5.3: the nodes form disjoint strict trees (no node has two parents or is its own
/// ancestor); kinema also bounds their depth.
void check_nodes(const Context& c, const json& root, std::size_t meshes) {
    const json& nodes = array_member(c, root, "nodes", "");
    std::vector<std::int64_t> parent(nodes.size(), -1);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const std::string where = at("nodes", i);
        check_object(c, nodes[i], where);
        if (nodes[i].contains("mesh")) {
            index(c, nodes[i], "mesh", where, meshes, "meshes");
        }
        const json& children = array_member(c, nodes[i], "children", where);
        for (std::size_t k = 0; k < children.size(); ++k) {
            if (!children[k].is_number_unsigned() || children[k].get<std::uint64_t>() >= nodes.size()) {
                fail(c, where + "." + at("children", k),
                     "not a node index (there are " + std::to_string(nodes.size()) + " nodes)");
            }
            const std::size_t child = children[k].get<std::size_t>();
            if (parent[child] != -1 || child == i) {
                fail(c, where + "." + at("children", k),
                     at("nodes", child) + " already has a parent: nodes form trees");
            }
            parent[child] = static_cast<std::int64_t>(i);
        }
    }
    // Every node reached from a root (a node without a parent) within the depth limit: a node on a cycle has
    // a parent but no root above it.
    std::vector<std::size_t> depth(nodes.size(), 0);
    std::vector<std::size_t> stack;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (parent[i] == -1) {
            stack.push_back(i);
            depth[i] = 1;
        }
    }
    std::size_t reached = 0;
    while (!stack.empty()) {
        const std::size_t node = stack.back();
        stack.pop_back();
        ++reached;
        if (depth[node] > max_node_depth) {
            fail(c, at("nodes", node), "nested deeper than " + std::to_string(max_node_depth) + " levels");
        }
        for (const json& child : array_member(c, nodes[node], "children", "")) {
            depth[child.get<std::size_t>()] = depth[node] + 1;
            stack.push_back(child.get<std::size_t>());
        }
    }
    if (reached != nodes.size()) {
        fail(c, "nodes", "a node is its own ancestor: nodes form trees");
    }
    const json& scenes = array_member(c, root, "scenes", "");
    for (std::size_t s = 0; s < scenes.size(); ++s) {
        check_object(c, scenes[s], at("scenes", s));
        const json& roots = array_member(c, scenes[s], "nodes", at("scenes", s));
        for (std::size_t k = 0; k < roots.size(); ++k) {
            if (!roots[k].is_number_unsigned() || roots[k].get<std::uint64_t>() >= nodes.size()) {
                fail(c, at("scenes", s) + "." + at("nodes", k), "not a node index");
            }
        }
    }
}

}  // namespace

void check_gltf_buffers(std::string_view bytes, const std::string& path, std::uintmax_t max_bytes) {
    Context c{path, max_bytes, std::nullopt};
    const bool binary = bytes.size() >= 4 && bytes.substr(0, 4) == "glTF";
    const std::string_view text = binary ? split_glb(c, bytes) : bytes;
    if (json_depth(text) > max_json_depth) {
        fail(c, "JSON", "nested deeper than " + std::to_string(max_json_depth) + " levels");
    }
    json root;
    try {
        root = json::parse(text);
    } catch (const json::exception& e) {
        fail(c, "JSON", quote_for_message(e.what(), 200));
    }
    check_object(c, root, "JSON");
    const std::vector<std::uint64_t> buffers = check_buffers(c, root);
    const std::vector<View> views = check_views(c, root, buffers);
    const std::size_t accessors = check_accessors(c, root, views);
    const std::size_t meshes = check_meshes(c, root, accessors);
    check_nodes(c, root, meshes);
}

}  // namespace kinema::formats::detail
