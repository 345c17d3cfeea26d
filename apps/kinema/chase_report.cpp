#include "chase_report.hpp"

#include <cstdio>
#include <utility>

#include <fmt/format.h>

#include "kinema/chase/json.hpp"
#include "kinema/output/output_files.hpp"
#include "kinema/report/chase_text.hpp"
#if KINEMA_HAVE_RENDER
#include "kinema/render/chase_pictures.hpp"
#endif
#if KINEMA_HAVE_RENDER && KINEMA_HAVE_NAV
#include "kinema/render/nav_level_view.hpp"
#endif

namespace kinema::cli {
namespace {

std::string summary(const ChaseReport& report, const ChaseOutputs& outputs) {
    std::string out =
        report.grid != nullptr
            ? report::grid_chase_summary(*report.grid, *report.flood, report.result, report.title)
            : report::level_chase_summary(*report.space, *report.flood, report.result, report.map);
    out += report::chase_pictures_text({outputs.png, outputs.svg, outputs.animate, outputs.frames});
    return out;
}

#if KINEMA_HAVE_RENDER
render::ChasePictures pictures(const ChaseReport& report, const render::ChasePictureRequest& wanted) {
#if KINEMA_HAVE_NAV
    if (report.level != nullptr) {
        return render::level_chase_pictures(
            *report.level, *report.flood, report.result,
            report::level_chase_legend(report.flood->settings(), report.result, report.map), wanted);
    }
#endif
    return render::grid_chase_pictures(report.grid->grid(), *report.flood, report.result, report.title,
                                       report.frames, wanted);
}
#endif

// The pictures of render (docs/render.md): the 2D flood's, or the 3D level's top view.
void add_pictures([[maybe_unused]] const ChaseReport& report, [[maybe_unused]] const ChaseOutputs& outputs,
                  [[maybe_unused]] output::OutputFiles& files) {
#if KINEMA_HAVE_RENDER
    render::ChasePictures drawn = pictures(report, {!outputs.png.empty(), !outputs.svg.empty(),
                                                    !outputs.animate.empty(), !outputs.frames.empty()});
    files.add_if_named("--png", outputs.png, std::move(drawn.png));
    files.add_if_named("--svg", outputs.svg, std::move(drawn.svg));
    files.add_if_named("--animate", outputs.animate, std::move(drawn.animated_svg));
    if (!outputs.frames.empty()) {
        files.add_directory("--frames", outputs.frames, "step-", ".png", std::move(drawn.png_frames));
    }
#endif
}

}  // namespace

void write_chase_report(const ChaseReport& report, const ChaseOutputs& outputs) {
    output::OutputFiles files(outputs.inputs);
    add_pictures(report, outputs, files);
    files.commit();
    if (report.grid != nullptr) {
        fmt::print(stderr, "{}", report::seed_snap_note(report.result));
    }
    if (outputs.json) {
        // Written as it is made (1 MiB pieces): a flood over a big level touches millions of cells.
        std::string buffer;
        chase::write_chase_json(*report.space, *report.flood, report.result, report.map, buffer,
                                write_to_stdout);
        std::fputc('\n', stdout);
    } else {
        fmt::print("{}", summary(report, outputs));
    }
}

}  // namespace kinema::cli
