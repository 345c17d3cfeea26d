// See collada_checks.hpp.
#include "collada_checks.hpp"

#include <pugixml.hpp>

#include <charconv>
#include <cstdint>
#include <string>

#include "kinema/levels/level_error.hpp"

namespace kinema::formats::detail {
namespace {

bool is_index_list(std::string_view name) {
    return name == "p" || name == "v" || name == "vcount" || name == "h";
}

bool whole_numbers_only(std::string_view text) {
    for (const char c : text) {
        const bool allowed =
            (c >= '0' && c <= '9') || c == '-' || c == '+' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (!allowed) {
            return false;
        }
    }
    return true;
}

void check_element(pugi::xml_node node, std::size_t file_bytes, const std::string& path) {
    const std::string_view name = node.name();
    if (is_index_list(name) && !whole_numbers_only(node.child_value())) {
        throw levels::LevelError(path + ": COLLADA: a <" + std::string(name) +
                                 "> list holds a character that is not part of a whole number");
    }
    if (const pugi::xml_attribute count = node.attribute("count")) {
        const std::string_view text = count.value();
        std::uint64_t value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        const bool too_many =
            error == std::errc::result_out_of_range ||
            (error == std::errc{} && end == text.data() + text.size() && value > file_bytes);
        if (too_many) {
            throw levels::LevelError(path + ": COLLADA: <" + std::string(name) + " count=\"" +
                                     std::string(text) + "\">: more values than the file's " +
                                     std::to_string(file_bytes) + " bytes can hold");
        }
    }
}

}  // namespace

void check_collada(std::string_view bytes, const std::string& path) {
    pugi::xml_document document;
    if (!document.load_buffer(bytes.data(), bytes.size())) {
        return;  // Assimp refuses it with its own reason
    }
    // Depth first without recursion: a document may nest deeply.
    for (pugi::xml_node node = document.first_child(); node;) {
        if (node.type() == pugi::node_element) {
            check_element(node, bytes.size(), path);
        }
        if (node.first_child()) {
            node = node.first_child();
            continue;
        }
        while (node && !node.next_sibling()) {
            node = node.parent();
        }
        if (node) {
            node = node.next_sibling();
        }
    }
}

}  // namespace kinema::formats::detail
