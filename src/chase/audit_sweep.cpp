#include "kinema/chase/audit_sweep.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include "kinema/core/settings_registry.hpp"
#include "kinema/core/text.hpp"
#include "kinema/core/validation.hpp"

namespace kinema::chase {
namespace {

[[noreturn]] void refuse(std::string_view field, std::string message) {
    throw SettingsError("audit sweep", {{std::string(field), std::move(message)}});
}

// "is not a flood field (did you mean hot?); flood fields: hot, max_heated, ...".
[[noreturn]] void refuse_unknown_field(const std::string& field) {
    const std::vector<std::string> names = audit_sweep_fields();
    const std::string nearest = nearest_word(field, names);
    std::string message = "is not a flood field";
    if (!nearest.empty()) {
        message += " (did you mean " + nearest + "?)";
    }
    message += "; flood fields: ";
    for (std::size_t i = 0; i < names.size(); ++i) {
        message += (i == 0 ? "" : ", ") + names[i];
    }
    refuse(field, message);
}

// One value of a swept field, set on a copy of the flood settings and validated by the registry.
void check_value(const FloodSettings& base, const std::string& field, const std::string& value) {
    if (value.empty()) {
        refuse(field, "empty value (expected " + field + "=V1,V2,...)");
    }
    FloodSettings flood = base;
    set_field_text(flood, field, value);
    throw_if_invalid("FloodSettings", flood.validate());
}

// The checks of `axis` after the axes `earlier`, in the order a user meets them; `combinations` is the
// product of the earlier axes' value counts, and becomes the product with this axis's.
void check_axis(const FloodSettings& base, std::span<const AuditSweepAxis> earlier,
                const AuditSweepAxis& axis, std::size_t& combinations) {
    if (find_field(settings_description<FloodSettings>(), axis.field) == nullptr) {
        refuse_unknown_field(axis.field);
    }
    if (std::any_of(earlier.begin(), earlier.end(),
                    [&](const AuditSweepAxis& e) { return e.field == axis.field; })) {
        refuse(axis.field, "given twice (list every value once: " + axis.field + "=V1,V2,...)");
    }
    if (axis.values.empty()) {
        check_value(base, axis.field, "");
    }
    for (const std::string& value : axis.values) {
        check_value(base, axis.field, value);
    }
    combinations *= axis.values.size();
    if (combinations > audit_sweep_max_combinations) {
        refuse("", "more than " + std::to_string(audit_sweep_max_combinations) + " combinations");
    }
}

}  // namespace

std::vector<std::string> audit_sweep_fields() {
    std::vector<std::string> names;
    for (const NamedField& f : list_fields(settings_description<FloodSettings>())) {
        names.push_back(f.name);
    }
    return names;
}

std::vector<AuditSweepAxis> parse_audit_sweep(std::span<const std::string> texts, const FloodSettings& base) {
    std::vector<AuditSweepAxis> axes;
    std::size_t combinations = 1;
    for (const std::string& text : texts) {
        const std::size_t equals = text.find('=');
        if (equals == std::string::npos || equals == 0) {
            refuse("", "expected FIELD=V1,V2,..., got " + quote_for_message(text));
        }
        AuditSweepAxis axis{text.substr(0, equals), split(std::string_view(text).substr(equals + 1), ',')};
        check_axis(base, axes, axis, combinations);
        axes.push_back(std::move(axis));
    }
    return axes;
}

void check_audit_sweep(const FloodSettings& base, std::span<const AuditSweepAxis> axes) {
    std::size_t combinations = 1;
    for (std::size_t i = 0; i < axes.size(); ++i) {
        check_axis(base, axes.first(i), axes[i], combinations);
    }
}

std::size_t audit_sweep_combinations(std::span<const AuditSweepAxis> axes) {
    std::size_t combinations = 1;
    for (const AuditSweepAxis& axis : axes) {
        combinations *= axis.values.size();
    }
    return combinations;
}

AuditSweepPoint audit_sweep_point(const FloodSettings& base, std::span<const AuditSweepAxis> axes,
                                  std::size_t index) {
    AuditSweepPoint point{std::vector<std::string>(axes.size()), base, {}};
    for (std::size_t s = axes.size(); s-- > 0;) {  // the last axis varies fastest
        const AuditSweepAxis& axis = axes[s];
        point.values[s] = axis.values[index % axis.values.size()];
        index /= axis.values.size();
        set_field_text(point.flood, axis.field, point.values[s]);
    }
    return point;
}

std::vector<AuditSweepPoint> audit_sweep(std::span<const ChaseSpace* const> spaces, const FloodSettings& base,
                                         const AuditSettings& settings, std::span<const AuditSweepAxis> axes,
                                         const AuditSweepProgress& on_progress) {
    check_audit_sweep(base, axes);
    const std::size_t combinations = audit_sweep_combinations(axes);
    const std::size_t rows =
        audit_row_count(spaces.empty() ? 0 : spaces[0]->cells().size(), settings.directions);
    std::vector<AuditSweepPoint> points;
    for (std::size_t i = 0; i < combinations; ++i) {
        AuditSweepPoint point = audit_sweep_point(base, axes, i);
        AuditOptions options;
        if (on_progress) {
            options.on_progress = [&](std::size_t done, std::size_t) {
                on_progress(i * rows + done, combinations * rows);
            };
        }
        point.totals = audit(spaces, point.flood, settings, options).totals;
        points.push_back(std::move(point));
    }
    return points;
}

}  // namespace kinema::chase
