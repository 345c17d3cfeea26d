// Shared pieces of the kinema Python module (docs/python.md): settings as keyword arguments from the settings
// registry, numpy conversions, and the registration functions of the parts (one source file each).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "kinema/core/settings_registry.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/levels/level_read_options.hpp"

namespace kinema::python {

/// ValueError "level: has no effect on corner.txt: ..." for a loader option the format of `path` does not
/// read (levels::unread_option_message; docs/errors.md: an option that changes nothing is refused).
void require_read_options(const std::string& path, const levels::LevelReadOptions& options);

namespace py = pybind11;

/// Sets every keyword of `kwargs` on `settings` through the registry `description` (kinema::set_field from a
/// number or a bool, set_field_text from a str), then validates the whole struct. Unknown names and bad
/// values throw SettingsError (Python ValueError) naming the field, with the registry's message; a value that
/// is not a number, bool or str raises TypeError naming the field. `prefix` is prepended to every name
/// ("gmsts.").
void apply_settings(const SettingsDescription& description, void* settings, const py::dict& kwargs,
                    std::string_view prefix = "", bool validate = true);

template <RegisteredSettings S>
S settings_from(const py::dict& kwargs) {
    S settings{};
    apply_settings(settings_description<S>(), &settings, kwargs);
    return settings;
}

/// A settings description as Python keyword arguments: one keyword per field, the field's name in its own
/// struct without the composite's part prefixes (as the CLI's flags drop them: the chase's "grid.cell_size"
/// is cell_size=), a nested member's '.' as '_' (NavSettings's "snap_extents.x" is snap_extents_x=), so that
/// the registry, not Python code, says which struct owns a keyword.
class KeywordSettings {
  public:
    /// `function` names the Python function in errors. Throws std::logic_error when two fields would share a
    /// keyword.
    KeywordSettings(const SettingsDescription& description, std::string function);

    /// Sets every keyword of `kwargs` on `settings` (the struct `description` describes), then checks every
    /// field's range. An unknown keyword is a ValueError naming it and listing the valid ones; a bad value
    /// the registry's SettingsError (ValueError) naming the keyword; a value that is not a number, bool or
    /// str a TypeError naming the keyword.
    void apply(void* settings, const py::dict& kwargs) const;
    template <RegisteredSettings S>
    S from(const py::dict& kwargs) const {
        S settings{};
        apply(&settings, kwargs);
        return settings;
    }

    /// One dict per keyword, in the registry's order: keyword, field (the full name), type ("int", "float",
    /// "bool", "str"), default (a Python value of that type), default_text, unit, range, doc.
    [[nodiscard]] py::list describe() const;

  private:
    [[nodiscard]] std::string keyword_of(std::string_view field) const;

    const SettingsDescription* description_;
    std::string function_;
    std::vector<std::pair<std::string, NamedField>> keywords_;
};

/// A report writer's JSON as `to_json()` returns it: the text the CLI's --json prints, without its trailing
/// newline (docs/python.md "JSON").
inline std::string json_text(std::string text) {
    if (!text.empty() && text.back() == '\n') {
        text.pop_back();
    }
    return text;
}

/// The registry's fields as a list of dicts {name, unit, range, default, doc, type} (help and introspection).
py::list describe_fields(const SettingsDescription& description);

/// A Python pair of finite numbers as a Vec2; ValueError naming `what` for another length, a non-number or a
/// NaN/inf (unless allow_nonfinite: the library then names the field itself).
Vec2 to_vec2(const py::handle& value, std::string_view what);
/// The same for three numbers.
Vec3 to_vec3(const py::handle& value, std::string_view what);

/// A C-contiguous float64 array of shape (rows, columns) converted from `value` (any numeric array-like);
/// TypeError for a non-numeric value, ValueError naming `what` and the shape for another shape. rows < 0
/// means any number of rows.
py::array_t<double, py::array::c_style> to_matrix(const py::handle& value, py::ssize_t rows,
                                                  py::ssize_t columns, std::string_view what);
/// A 1D float64 array.
py::array_t<double, py::array::c_style> to_vector(const py::handle& value, std::string_view what);

/// `value` as a Python int of any size (operator.index), as kinema/_arguments.py's whole_number reads one:
/// TypeError "WHERE: NAME must be a whole number, got float" for a float, a bool or another non-integer. A C
/// int parameter would instead raise pybind11's bare "incompatible function arguments" TypeError for an int
/// beyond its range (issue 40: value_at(2**70, 0)).
py::int_ whole_number(const py::handle& value, std::string_view name, std::string_view where);
/// Whether `value` lies in [low, high], compared as Python ints (no overflow).
bool whole_number_in(const py::int_& value, long long low, long long high);

void register_movement(py::module_& m);
void register_analysis(py::module_& m);
void register_morrowind(py::module_& m);
void register_chase(py::module_& m);
void register_nav(py::module_& m);
void register_pursuit(py::module_& m);
void register_distributed(py::module_& m);

}  // namespace kinema::python
