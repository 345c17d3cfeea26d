// The audit page's lab (docs/web.md "The audit page"), held by its worker (web/site/audit_worker.js): a grid
// level, the level audit's settings (the registry's LevelAuditSettings, as `kinema audit` takes its flags)
// and the last audit. Each run after an edit re-audits through chase::audit_reusing (the same re-audit as
// `kinema audit --reuse`), keeping the last result's report (chase::audit_report_of, what `kinema audit
// --watch` keeps between saves), so only the cells whose reach holds a changed tile run again; a change of
// level size or settings audits in full. The JSON is the library's audit_json, so the page and `kinema audit
// --json` agree byte for byte; the pictures are render::audit_maps' scenes, the CLI's --png/--svg pictures.
#include "audit_lab.hpp"

#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_places.hpp"
#include "kinema/chase/audit_reading.hpp"
#include "kinema/chase/audit_reuse.hpp"
#include "kinema/chase/audit_shape.hpp"
#include "kinema/chase/chase_settings.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/render/audit_picture.hpp"
#include "kinema/render/scene.hpp"
#include "lab_level.hpp"
#include "web_json.hpp"

namespace kinema::web {

namespace {

std::string field_errors_text(const FieldErrors& errors) {
    std::string out;
    for (const FieldError& f : errors) {
        out += (out.empty() ? "" : "; ") + f.field + ": " + f.message;
    }
    return out;
}

}  // namespace

class AuditLab {
  public:
    /// The page's level (set_level_floor); the next run() audits it, reusing the last audit where it can.
    std::string set_level(int width, int height, const emscripten::val& floor_bytes,
                          const std::string& name) {
        std::string error =
            set_level_floor(level_, width, height, floor_bytes, emscripten::val::array(), name);
        if (error.empty()) {
            drop_space();
        }
        return error;
    }

    /// A LevelAuditSettings field (hot, max_heated, max_steps, max_restarts, destination, directions,
    /// give_up_steps, corner_radius, exit_cells, exit_junction) from text, as `kinema audit --FIELD TEXT`;
    /// checked here, and on error the message and the settings as they were.
    std::string set_setting(const std::string& field, const std::string& text) {
        const chase::LevelAuditSettings before = settings_;
        std::string error;
        try {
            set_field_text(describe_settings(std::type_identity<chase::LevelAuditSettings>{}), &settings_,
                           field, text);
            error = field_errors_text(settings_.validate());
        } catch (const SettingsError& e) {
            error = field_errors_text(e.errors()).empty() ? e.what() : field_errors_text(e.errors());
        }
        if (!error.empty()) {
            settings_ = before;  // a refused value is not kept: the next setting is checked on its own
        }
        return error;
    }
    std::string fields() const { return fields_json(settings_); }

    /// Audits the level: through audit_reusing when the last audit's report fits (same size and settings),
    /// else in full. "" or the message (bad settings, too many rows).
    std::string run() {
        try {
            const double t0 = emscripten_get_now();
            if (!space_) {
                grid_ = std::make_unique<chase::GridSpace>(level_, chase::GridSpaceSettings{});
                space_ = std::make_unique<chase::GridChaseSpace>(*grid_);
            }
            const chase::ChaseSpace* spaces[] = {space_.get()};
            const double t1 = emscripten_get_now();
            stats_ = {};
            const bool reuse =
                report_ &&
                chase::audit_report_mismatch(*report_, *space_, settings_.flood, settings_.audit).empty();
            // The last report is handed over (its rows move into the new result) and replaced below; a run
            // that throws resets it.
            result_ = reuse ? chase::audit_reusing(spaces, settings_.flood, settings_.audit,
                                                   std::move(*report_), {}, &stats_)
                            : chase::audit(std::span<const chase::ChaseSpace* const>(spaces), settings_.flood,
                                           settings_.audit);
            if (!reuse) {
                stats_.cells = stats_.cells_rerun = space_->cells().size();
            }
            const double t2 = emscripten_get_now();
            report_ = chase::audit_report_of(*space_, settings_.flood, settings_.audit, result_);
            const double t3 = emscripten_get_now();
            places_ = chase::audit_places(*space_, result_, settings_.flood, settings_.audit);
            maps_.clear();
            times_ = {t1 - t0, t2 - t1, t3 - t2, emscripten_get_now() - t3};
            return {};
        } catch (const SettingsError& e) {
            report_.reset();
            return field_errors_text(e.errors()).empty() ? e.what() : field_errors_text(e.errors());
        } catch (const std::exception& e) {
            report_.reset();
            return e.what();
        }
    }

    /// What the last run did: [cells, cells audited again, tiles changed].
    emscripten::val stats() const {
        emscripten::val out = emscripten::val::array();
        for (std::size_t v : {stats_.cells, stats_.cells_rerun, stats_.tiles_changed}) {
            out.call<void>("push", static_cast<double>(v));
        }
        return out;
    }
    std::size_t rows() const { return result_.rows.size(); }
    /// The last run's parts, ms: [the grid space built, the audit, the report kept for the next, the places].
    emscripten::val times() const {
        emscripten::val out = emscripten::val::array();
        for (double v : times_) {
            out.call<void>("push", v);
        }
        return out;
    }

    /// audit_json of the last run: exactly `kinema audit --json`'s file without its final newline.
    std::string result_json() const {
        std::string whole;
        if (space_) {
            std::string buffer;
            chase::write_audit_json(*space_, settings_.flood, settings_.audit, result_, places_, buffer,
                                    [&whole](std::string& piece) {
                                        whole += piece;
                                        piece.clear();
                                    });
        }
        return whole;
    }

    /// The summary's readings, the places and the totals of the last run, as the audit's JSON holds them:
    /// {"summary": {...}, "places": [...], "rows": N, "cells": C}.
    std::string summary_json() const {
        if (!space_) {
            return {};
        }
        return "{\"summary\":" +
               chase::audit_summary_json(settings_.flood, settings_.audit, result_,
                                         chase::level_has_loop(space_->cells())) +
               ",\"places\":" + chase::audit_places_json(*space_, result_, places_) +
               ",\"rows\":" + std::to_string(result_.rows.size()) +
               ",\"cells\":" + std::to_string(space_->cells().size()) + "}";
    }

    /// The names of the pictures ("distance", then each finding), as the CLI's --png files end.
    emscripten::val picture_names() {
        emscripten::val out = emscripten::val::array();
        for (const auto& [name, map] : maps(title_)) {
            out.call<void>("push", name);
        }
        return out;
    }

    /// Picture `name`'s scene JSON (docs/render.md), the CLI's PREFIX-<name>.png, titled `title`; "" when
    /// there is no such picture.
    std::string scene_json(const std::string& name, const std::string& title) {
        const render::AuditMap* map = find_map(name, title);
        return map ? render::scene_json(render::audit_map_scene(*map)) : std::string();
    }
    /// Where that scene puts its tiles: [left, top, tile px] (render::audit_map_frame).
    emscripten::val frame(const std::string& name, const std::string& title) {
        emscripten::val out = emscripten::val::array();
        if (const render::AuditMap* map = find_map(name, title)) {
            const render::AuditMapFrame f = render::audit_map_frame(*map);
            out.call<void>("push", f.left);
            out.call<void>("push", f.top);
            out.call<void>("push", f.tile_px);
        }
        return out;
    }

  private:
    void drop_space() {
        space_.reset();
        grid_.reset();
        maps_.clear();
    }
    const std::vector<std::pair<std::string, render::AuditMap>>& maps(const std::string& title) {
        if ((maps_.empty() || title != title_) && space_ && !result_.rows.empty()) {
            title_ = title;
            maps_ = render::audit_maps(*space_, result_, title, places_);
        }
        return maps_;
    }
    const render::AuditMap* find_map(const std::string& name, const std::string& title) {
        for (const auto& [n, map] : maps(title)) {
            if (n == name) {
                return &map;
            }
        }
        return nullptr;
    }

    levels::GridLevel level_ = levels::default_level();
    chase::LevelAuditSettings settings_;
    std::unique_ptr<chase::GridSpace> grid_;
    std::unique_ptr<chase::GridChaseSpace> space_;
    chase::AuditResult result_;
    std::optional<chase::AuditReport> report_;
    std::vector<chase::AuditPlace> places_;
    chase::AuditReuseStats stats_;
    std::array<double, 4> times_{};
    std::string title_;
    std::vector<std::pair<std::string, render::AuditMap>> maps_;
};

void bind_audit() {
    emscripten::class_<AuditLab>("AuditLab")
        .constructor<>()
        .function("setLevel", &AuditLab::set_level)
        .function("setSetting", &AuditLab::set_setting)
        .function("fields", &AuditLab::fields)
        .function("run", &AuditLab::run)
        .function("stats", &AuditLab::stats)
        .function("rows", &AuditLab::rows)
        .function("times", &AuditLab::times)
        .function("resultJson", &AuditLab::result_json)
        .function("summaryJson", &AuditLab::summary_json)
        .function("pictureNames", &AuditLab::picture_names)
        .function("sceneJson", &AuditLab::scene_json)
        .function("frame", &AuditLab::frame);
}

}  // namespace kinema::web
