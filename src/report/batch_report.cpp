// A pursuit batch's JSON and CSV, streamed run by run (batch_report.hpp).
#include "kinema/report/batch_report.hpp"

#include "kinema/core/format.hpp"
#include "kinema/core/json_writer.hpp"

namespace kinema::report {

void write_batch_json(const pursuit::BatchResult& r, std::string& out, const TextSink& sink,
                      std::size_t chunk_bytes) {
    JsonWriter w(out);
    w.begin_object().number("scenarios", r.scenarios).key("summaries").begin_array();
    for (const pursuit::StrategySummary& s : r.summaries) {
        w.begin_object()
            .string("strategy", to_string(s.strategy))
            .number("runs", s.runs)
            .number("reacquired_chase", s.reacquired_chase)
            .number("reacquired_search", s.reacquired_search)
            .number("gave_up", s.gave_up)
            .number("timeout", s.timeout)
            .number("median_time_to_reacquire", s.median_time_to_reacquire)
            .number("mean_npc_distance", s.mean_npc_distance)
            .number("destination_changes_per_chase", s.destination_changes_per_chase)
            .number("max_heading_rate", s.max_heading_rate);
        if (s.npcs > 1) {
            w.number("npcs", s.npcs)
                .string("team", to_string(s.team))
                .number("search_cells_per_npc_second", s.search_cells_per_npc_second);
        }
        w.end_object();
    }
    w.end_array().key("runs").begin_array();
    for (const pursuit::BatchRun& run : r.runs) {
        w.begin_object()
            .number("scenario", run.scenario)
            .string("strategy", to_string(run.strategy))
            .string("outcome", to_string(run.outcome))
            .string("reacquired_in",
                    run.outcome == pursuit::Outcome::reacquired ? to_string(run.reacquired_in) : "")
            .number("time_to_reacquire", run.time_to_reacquire)
            .number("npc_distance", run.npc_distance)
            .number("destination_changes", run.destination_changes)
            .number("chases", run.chases)
            .number("max_heading_rate", run.max_heading_rate);
        if (run.npcs > 1) {
            w.number("npcs", run.npcs)
                .string("team", to_string(run.team))
                .number("searched_cells", static_cast<double>(run.searched_cells))
                .number("search_npc_seconds", run.search_npc_seconds);
        }
        w.end_object();
        if (out.size() >= chunk_bytes) {
            sink(out);
        }
    }
    w.end_array().end_object();
    sink(out);
}

void write_batch_sightings_csv(const pursuit::BatchResult& r, std::string& out, const TextSink& sink,
                               std::size_t chunk_bytes) {
    out += "scenario,strategy,outcome,last_seen_x,last_seen_y,last_seen_height,direction_x,direction_y\n";
    for (const pursuit::BatchRun& run : r.runs) {
        append_number(out, run.scenario);
        out += ',';
        out += to_string(run.strategy);
        out += ',';
        out += to_string(run.outcome);
        for (const double v : {run.last_seen.x, run.last_seen.y, run.last_seen_height,
                               run.last_seen_direction.x, run.last_seen_direction.y}) {
            out += ',';
            append_number(out, v);
        }
        out += '\n';
        if (out.size() >= chunk_bytes) {
            sink(out);
        }
    }
    sink(out);
}

void write_batch_csv(const pursuit::BatchResult& r, std::string& out, const TextSink& sink,
                     std::size_t chunk_bytes) {
    const bool team = !r.runs.empty() && r.runs.front().npcs > 1;
    out +=
        "scenario,strategy,outcome,reacquired_in,time_to_reacquire,npc_distance,destination_changes,chases,"
        "max_heading_rate";
    out += team ? ",npcs,team\n" : "\n";
    for (const pursuit::BatchRun& run : r.runs) {
        append_number(out, run.scenario);
        out += ',';
        out += to_string(run.strategy);
        out += ',';
        out += to_string(run.outcome);
        out += ',';
        out += run.outcome == pursuit::Outcome::reacquired ? to_string(run.reacquired_in) : "";
        for (const double v :
             {run.time_to_reacquire, run.npc_distance, static_cast<double>(run.destination_changes),
              static_cast<double>(run.chases), run.max_heading_rate}) {
            out += ',';
            append_number(out, v);
        }
        if (team) {
            out += ',';
            append_number(out, run.npcs);
            out += ',';
            out += to_string(run.team);
        }
        out += '\n';
        if (out.size() >= chunk_bytes) {
            sink(out);
        }
    }
    sink(out);
}

namespace {

// The whole text of a streamed report.
template <typename Write>
std::string whole_text(const Write& write) {
    std::string whole;
    std::string buffer;
    write(buffer, [&](std::string& piece) {
        whole += piece;
        piece.clear();
    });
    return whole;
}

}  // namespace

std::string batch_json(const pursuit::BatchResult& r) {
    return whole_text([&](std::string& buffer, const TextSink& sink) { write_batch_json(r, buffer, sink); });
}

std::string batch_csv(const pursuit::BatchResult& r) {
    return whole_text([&](std::string& buffer, const TextSink& sink) { write_batch_csv(r, buffer, sink); });
}

}  // namespace kinema::report
