// The one report writer of `kinema chase`: a chase::ChaseResult (2D grid or 3D level) as a summary table, as
// JSON (the library's chase_json, the same document every face prints) and as pictures (render's flood
// pictures for grids, the top view for 3D levels). cmd_chase.cpp parses the options and runs the query; this
// file only presents the result.
#pragma once

#include <string>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/output/output_files.hpp"
#if KINEMA_HAVE_NAV
#include "kinema/nav/level.hpp"
#endif
#if KINEMA_HAVE_RENDER
#include "kinema/render/flood_picture.hpp"
#endif

namespace kinema::cli {

/// What to print and which files to write (each path empty = not asked for).
struct ChaseOutputs {
    bool json = false;                      ///< --json: the JSON document instead of the summary
    std::string png;                        ///< --png (2D and 3D)
    std::string svg;                        ///< --svg (2D)
    std::string animate;                    ///< --animate: an animated SVG of the steps (2D)
    std::string frames;                     ///< --frames: a directory, one PNG per step (2D)
    std::vector<output::InputFile> inputs;  ///< the files the run reads: no output may overwrite one
    bool animated() const { return !animate.empty() || !frames.empty(); }
    bool pictures() const { return !png.empty() || !svg.empty() || animated(); }
};

/// A finished chase and what produced it. Exactly one of grid / level is set.
struct ChaseReport {
    std::string
        map;  ///< the level as named in JSON and the 3D summary: --map as typed, or the default's label
    std::string title;  ///< the level as named in the 2D summary and pictures: the file name, or the label
    const chase::ChaseSpace* space = nullptr;
    const chase::Flood* flood = nullptr;  ///< the flood that produced `result` (per-cell values for pictures)
    chase::ChaseResult result;
    const chase::GridChaseSpace* grid = nullptr;  ///< a 2D chase (the same space as `space`)
#if KINEMA_HAVE_NAV
    const nav::Level* level = nullptr;  ///< a 3D chase
#endif
#if KINEMA_HAVE_RENDER
    render::FloodRecording frames;  ///< a 2D chase's states after seeding and after every step, as changes
#endif
};

/// Writes every picture asked for (all or none: a failure removes the ones already written and throws
/// output::OutputError naming the option), then the 2D snap note on stderr, then the JSON or the summary on
/// stdout.
void write_chase_report(const ChaseReport& report, const ChaseOutputs& outputs);

}  // namespace kinema::cli
