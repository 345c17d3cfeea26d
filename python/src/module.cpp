// The extension module kinema._kinema: one submodule per part; the package kinema (python/kinema) re-exports
// them with Python-side result classes. Exceptions: the library's std::invalid_argument family
// (SettingsError, LevelError, CsvError) become ValueError with the same message, files that cannot be opened
// OSError.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "common.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_formats.hpp"
#include "kinema/levels/obj.hpp"
#if KINEMA_PYTHON_FORMATS
#include "kinema/formats/designer_formats.hpp"
#endif

namespace kinema::python {

void require_read_options(const std::string& path, const levels::LevelReadOptions& options) {
    const std::string refusal = levels::unread_option_message(path, options, "level", "walls");
    if (!refusal.empty()) {
        throw py::value_error(refusal);
    }
}

namespace {

// One Python value into one field (by full name): numbers and bools through set_field, str through
// set_field_text; `shown` names the field in a TypeError.
void set_from_python(const SettingsDescription& description, void* settings, const std::string& name,
                     const py::handle& value, std::string_view shown) {
    if (py::isinstance<py::str>(value)) {
        set_field_text(description, settings, name, value.cast<std::string>());
    } else if (py::isinstance<py::bool_>(value)) {
        set_field(description, settings, name, value.cast<bool>() ? 1.0 : 0.0);
    } else if (py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value) ||
               py::hasattr(value, "__float__")) {
        set_field(description, settings, name,
                  py::float_(py::reinterpret_borrow<py::object>(value)).cast<double>());
    } else {
        throw py::type_error(std::string(description.name) + ": " + std::string(shown) +
                             " must be a number, a bool or a str, got " +
                             py::str(py::type::of(value).attr("__name__")).cast<std::string>());
    }
}

// The field's name in its own struct (no part prefix), '.' of a nested member as '_': a Python identifier.
std::string keyword_name(const FieldDescriptor& field) {
    std::string out(field.name);
    std::replace(out.begin(), out.end(), '.', '_');
    return out;
}

bool numeric_choice(const FieldDescriptor& f) {
    return std::all_of(f.choices.begin(), f.choices.end(), [](const FieldChoice& c) {
        return c.name == std::to_string(static_cast<long long>(c.value));
    });
}

py::object python_value(const FieldDescriptor& f, double value) {
    switch (f.type) {
        case FieldType::integer:
            return py::int_(static_cast<long long>(value));
        case FieldType::boolean:
            return py::bool_(value != 0.0);
        case FieldType::choice:
            // A choice named by its own number (connectivity 4 | 8) is that number in Python.
            return numeric_choice(f) ? py::object(py::int_(static_cast<long long>(value)))
                                     : py::object(py::str(value_text(f, value)));
        case FieldType::real:
            break;
    }
    return py::float_(value);
}

const char* python_type(const FieldDescriptor& f) {
    switch (f.type) {
        case FieldType::integer:
            return "int";
        case FieldType::boolean:
            return "bool";
        case FieldType::choice:
            return numeric_choice(f) ? "int" : "str";
        case FieldType::real:
            break;
    }
    return "float";
}

}  // namespace

void apply_settings(const SettingsDescription& description, void* settings, const py::dict& kwargs,
                    std::string_view prefix, bool validate) {
    for (const auto& [key, value] : kwargs) {
        const std::string name = std::string(prefix) + py::str(key).cast<std::string>();
        set_from_python(description, settings, name, value, name);
    }
    if (validate) {
        throw_if_invalid(description.name, validate_settings(description, settings));
    }
}

KeywordSettings::KeywordSettings(const SettingsDescription& description, std::string function)
    : description_(&description), function_(std::move(function)) {
    for (NamedField& f : list_fields(description)) {
        std::string keyword = keyword_name(*f.field);
        for (const auto& [existing, field] : keywords_) {
            if (existing == keyword) {
                throw std::logic_error(function_ + ": fields " + field.name + " and " + f.name +
                                       " would share the keyword " + keyword);
            }
        }
        keywords_.emplace_back(std::move(keyword), std::move(f));
    }
}

std::string KeywordSettings::keyword_of(std::string_view field) const {
    for (const auto& [keyword, f] : keywords_) {
        if (f.name == field) {
            return keyword;
        }
    }
    return std::string(field);
}

void KeywordSettings::apply(void* settings, const py::dict& kwargs) const {
    // Registry errors name the fields; the user typed keywords.
    const auto renamed = [this](const SettingsError& e) {
        FieldErrors errors = e.errors();
        for (FieldError& error : errors) {
            error.field = keyword_of(error.field);
        }
        return SettingsError(description_->name, std::move(errors));
    };
    for (const auto& [key, value] : kwargs) {
        const std::string keyword = py::str(key).cast<std::string>();
        const auto found = std::find_if(keywords_.begin(), keywords_.end(),
                                        [&](const auto& k) { return k.first == keyword; });
        if (found == keywords_.end()) {
            std::string valid;
            for (const auto& k : keywords_) {
                valid += (valid.empty() ? "" : ", ") + k.first;
            }
            throw py::value_error(function_ + ": unknown keyword argument '" + keyword +
                                  "'; valid: " + valid);
        }
        try {
            set_from_python(*description_, settings, found->second.name, value, keyword);
        } catch (const SettingsError& e) {
            throw renamed(e);
        }
    }
    try {
        throw_if_invalid(description_->name, validate_settings(*description_, settings));
    } catch (const SettingsError& e) {
        throw renamed(e);
    }
}

py::list KeywordSettings::describe() const {
    py::list out;
    for (const auto& [keyword, f] : keywords_) {
        py::dict d;
        d["keyword"] = keyword;
        d["field"] = f.name;
        d["type"] = python_type(*f.field);
        d["default"] = python_value(*f.field, f.field->default_value);
        d["default_text"] = value_text(*f.field, f.field->default_value);
        d["unit"] = std::string(f.field->unit);
        d["range"] = range_text(*f.field);
        d["doc"] = std::string(f.field->doc);
        out.append(d);
    }
    return out;
}

py::list describe_fields(const SettingsDescription& description) {
    py::list out;
    for (const NamedField& f : list_fields(description)) {
        py::dict d;
        d["name"] = f.name;
        d["unit"] = std::string(f.field->unit);
        d["range"] = range_text(*f.field);
        d["default"] = value_text(*f.field, f.field->default_value);
        d["doc"] = std::string(f.field->doc);
        out.append(d);
    }
    return out;
}

namespace {

std::vector<double> numbers(const py::handle& value, std::size_t count, std::string_view what) {
    std::vector<double> out;
    if (!py::isinstance<py::sequence>(value) && !py::isinstance<py::array>(value)) {
        throw py::type_error(std::string(what) + ": expected " + std::to_string(count) + " numbers");
    }
    const py::sequence seq =
        py::reinterpret_borrow<py::sequence>(py::module_::import("builtins").attr("list")(value));
    if (seq.size() != count) {
        throw py::value_error(std::string(what) + ": expected " + std::to_string(count) + " numbers, got " +
                              std::to_string(seq.size()));
    }
    for (const auto& item : seq) {
        const double v = py::float_(py::reinterpret_borrow<py::object>(item)).cast<double>();
        if (!std::isfinite(v)) {
            throw py::value_error(std::string(what) + ": must be finite");
        }
        out.push_back(v);
    }
    return out;
}

std::string shape_text(const py::array& a) {
    std::string s = "(";
    for (py::ssize_t i = 0; i < a.ndim(); ++i) {
        s += (i ? ", " : "") + std::to_string(a.shape(i));
    }
    return s + (a.ndim() == 1 ? ",)" : ")");
}

}  // namespace

Vec2 to_vec2(const py::handle& value, std::string_view what) {
    const std::vector<double> v = numbers(value, 2, what);
    return {v[0], v[1]};
}

Vec3 to_vec3(const py::handle& value, std::string_view what) {
    const std::vector<double> v = numbers(value, 3, what);
    return {v[0], v[1], v[2]};
}

py::array_t<double, py::array::c_style> to_matrix(const py::handle& value, py::ssize_t rows,
                                                  py::ssize_t columns, std::string_view what) {
    const py::array raw = py::module_::import("numpy").attr("asarray")(value);
    const std::string kind = py::str(raw.dtype().attr("kind")).cast<std::string>();
    if (kind != "f" && kind != "i" && kind != "u" && kind != "b") {
        throw py::type_error(std::string(what) + ": expected a numeric array, got dtype " +
                             py::str(raw.dtype()).cast<std::string>());
    }
    auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(raw);
    if (a.ndim() != 2 || (rows >= 0 && a.shape(0) != rows) || a.shape(1) != columns) {
        throw py::value_error(std::string(what) + ": expected shape (" +
                              (rows >= 0 ? std::to_string(rows) : "N") + ", " + std::to_string(columns) +
                              "), got " + shape_text(raw));
    }
    return a;
}

py::array_t<double, py::array::c_style> to_vector(const py::handle& value, std::string_view what) {
    const py::array raw = py::module_::import("numpy").attr("asarray")(value);
    const std::string kind = py::str(raw.dtype().attr("kind")).cast<std::string>();
    if (kind != "f" && kind != "i" && kind != "u") {
        throw py::type_error(std::string(what) + ": expected a numeric array, got dtype " +
                             py::str(raw.dtype()).cast<std::string>());
    }
    auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(raw);
    if (a.ndim() != 1) {
        throw py::value_error(std::string(what) + ": expected a 1D array, got shape " + shape_text(raw));
    }
    return a;
}

py::int_ whole_number(const py::handle& value, std::string_view name, std::string_view where) {
    if (py::isinstance<py::bool_>(value) || PyIndex_Check(value.ptr()) == 0) {
        throw py::type_error(std::string(where) + ": " + std::string(name) + " must be a whole number, got " +
                             py::type::of(value).attr("__name__").cast<std::string>());
    }
    auto number = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
    if (!number) {
        throw py::error_already_set();  // an __index__ that raised
    }
    return number;
}

bool whole_number_in(const py::int_& value, long long low, long long high) {
    return !(value < py::int_(low)) && !(py::int_(high) < value);
}

}  // namespace kinema::python

PYBIND11_MODULE(_kinema, m) {
    namespace kp = kinema::python;
    m.doc() = "kinema's C++ core (pybind11); import the package kinema, not this module.";
    m.attr("__version__") = KINEMA_VERSION;
#if KINEMA_PYTHON_FORMATS
    // Designers' level formats (Tiled, LDtk, images, Assimp's 3D scenes) for every loader of the module.
    kinema::formats::register_designer_formats();
#endif
    // A file that cannot be opened at all (line 0) is an OSError; a bad line of a file a ValueError. Both
    // keep the library's "FILE:LINE: message".
    pybind11::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) {
                std::rethrow_exception(p);
            }
        } catch (const kinema::levels::LevelError& e) {
            PyErr_SetString(e.unreadable_file() ? PyExc_OSError : PyExc_ValueError, e.what());
        } catch (const kinema::levels::ObjError& e) {
            PyErr_SetString(e.line() == 0 ? PyExc_OSError : PyExc_ValueError, e.what());
        }
    });
    auto movement = m.def_submodule("movement", "Step models: Dishonored, CrossCode, Unreal's CMC.");
    kp::register_movement(movement);
    auto analysis =
        m.def_submodule("analysis", "Turns, stops, pivots, frame-rate sweeps, distance matching.");
    kp::register_analysis(analysis);
    auto morrowind = m.def_submodule("morrowind", "Morrowind (OpenMW) speeds, jumps and falls.");
    kp::register_morrowind(morrowind);
    auto chase = m.def_submodule("chase", "The Dishonored 2 chase flood on 2D grid levels.");
    kp::register_chase(chase);
    kp::register_nav(chase);
    auto pursuit = m.def_submodule("pursuit", "The pursuit batch: every chase strategy on random scenarios.");
    kp::register_pursuit(pursuit);
    auto distributed = m.def_submodule("distributed", "Shards of an audit or a batch and their exact merge.");
    kp::register_distributed(distributed);
}
