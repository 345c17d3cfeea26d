// The checks every registered settings struct must pass (kinema/core/settings_registry.hpp), for each field:
// the documented default is the default-constructed struct's value; a value just outside each finite bound
// (and NaN or infinity for reals, an unlisted value for choices) is rejected by S::validate() naming that
// field; a value on a closed bound is accepted. A struct whose validate() also checks fields against each
// other (NavSettings: the agent's sizes in voxels) passes `prepare`, which sets the other fields so that a
// value on a bound is valid with them.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kinema/core/settings_registry.hpp"

namespace kinema::test {

inline bool names_field(const FieldErrors& errors, const std::string& name) {
    return std::any_of(errors.begin(), errors.end(), [&](const FieldError& e) { return e.field == name; });
}

// The value just past `bound` away from the range (below the minimum when `below`), or NaN when the field's
// type cannot hold one.
inline double just_outside(const FieldDescriptor& f, double bound, bool closed, bool below) {
    const double direction =
        below ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    if (f.type == FieldType::integer) {
        const double v = closed ? bound + (below ? -1.0 : 1.0) : bound;
        return v < f.storage_min || v > f.storage_max ? std::numeric_limits<double>::quiet_NaN() : v;
    }
    return closed ? std::nextafter(bound, direction) : bound;
}

/// Sets the fields that `name` = `value` is checked against (see above).
template <class S>
using PrepareOthers = std::function<void(S& settings, const std::string& name, double value)>;

/// S::validate() of a default S (then `prepare`d) with `name` set to `value`. set_field() refuses a choice
/// outside its list, so such a value is written through the descriptor (choices are direct fields, not in
/// parts).
template <class S>
FieldErrors errors_with(const std::string& name, double value, const PrepareOthers<S>& prepare = {}) {
    S settings{};
    if (prepare) {
        prepare(settings, name, value);
    }
    const SettingsDescription& d = settings_description<S>();
    const FieldDescriptor* f = find_field(d, name);
    if (f->type == FieldType::choice) {
        EXPECT_TRUE(f >= d.fields.data() && f < d.fields.data() + d.fields.size()) << name;
        f->put(&settings, value);
    } else {
        set_field(d, &settings, name, value);
    }
    return settings.validate();
}

template <class S>
void check_registry(std::size_t expected_fields, const PrepareOthers<S>& prepare = {}) {
    const SettingsDescription& d = settings_description<S>();
    const S defaults{};
    EXPECT_TRUE(defaults.validate().empty()) << d.name << ": the defaults must be valid";
    const auto fields = list_fields(d);
    EXPECT_EQ(fields.size(), expected_fields) << d.name << ": a member is missing from the registry";
    std::vector<std::string> names;
    for (const NamedField& nf : fields) {
        names.push_back(nf.name);
    }
    std::sort(names.begin(), names.end());
    // An explicit order (SettingsDescription::order) names each field once.
    EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end())
        << d.name << ": a field listed twice";
    for (const NamedField& nf : fields) {
        const FieldDescriptor& f = *nf.field;
        SCOPED_TRACE(std::string(d.name) + "." + nf.name);
        EXPECT_FALSE(f.unit.empty());
        EXPECT_FALSE(f.doc.empty());
        EXPECT_EQ(get_field(defaults, nf.name), f.default_value);
        if (f.type == FieldType::boolean) {
            continue;
        }
        if (f.type == FieldType::choice) {
            ASSERT_FALSE(f.choices.empty());
            EXPECT_TRUE(names_field(errors_with<S>(nf.name, 99.0), nf.name));
            for (const FieldChoice& c : f.choices) {
                EXPECT_FALSE(names_field(errors_with<S>(nf.name, c.value), nf.name)) << c.name;
            }
            continue;
        }
        if (f.type == FieldType::real) {
            EXPECT_TRUE(
                names_field(errors_with<S>(nf.name, std::numeric_limits<double>::quiet_NaN()), nf.name));
            EXPECT_TRUE(
                names_field(errors_with<S>(nf.name, std::numeric_limits<double>::infinity()), nf.name));
        }
        const FieldRange& r = f.range;
        if (std::isfinite(r.min)) {
            const double out = just_outside(f, r.min, r.min_closed, true);
            if (!std::isnan(out)) {
                EXPECT_TRUE(names_field(errors_with<S>(nf.name, out, prepare), nf.name)) << "below " << r.min;
            }
            if (r.min_closed) {
                EXPECT_FALSE(names_field(errors_with<S>(nf.name, r.min, prepare), nf.name)) << "at " << r.min;
            }
        }
        if (std::isfinite(r.max)) {
            const double out = just_outside(f, r.max, r.max_closed, false);
            if (!std::isnan(out)) {
                EXPECT_TRUE(names_field(errors_with<S>(nf.name, out, prepare), nf.name)) << "above " << r.max;
            }
            if (r.max_closed) {
                EXPECT_FALSE(names_field(errors_with<S>(nf.name, r.max, prepare), nf.name)) << "at " << r.max;
            }
        }
    }
}

}  // namespace kinema::test
