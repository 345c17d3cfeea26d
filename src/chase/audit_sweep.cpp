#include "kinema/chase/audit_sweep.hpp"

#include <utility>

#include "kinema/core/settings_registry.hpp"

namespace kinema::chase {

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
