/* kinema.h from a strict C99 program (-std=c99 -pedantic -Werror): the C ABI's names and structs as a C user
 * sees them, on a corridor whose chase is worked out by hand from the flood's rules (Couvidou's Dishonored 2
 * chase chapter; kinema's chase-flood semantics): seeded at column 2 running east, cells 0 and 1 behind
 * become barrier, one cell heats per step until the east end: 4 steps, exhausted, heat 16..20 on
 * columns 2..6, centroid x = 415 / 90 = 4.61, destination the centre of column 4. The movement models, the
 * stop, the turn and Morrowind are checked on values worked out by hand from their formulas
 * (docs/movement.md, docs/analysis.md, docs/morrowind.md). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kinema/kinema.h"

static int failures = 0;

#define CHECK(condition)                                                            \
    do {                                                                            \
        if (!(condition)) {                                                         \
            fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #condition); \
            ++failures;                                                             \
        }                                                                           \
    } while (0)

static kinema_vec3 vec3(double x, double y, double z) {
    kinema_vec3 v;
    v.x = x;
    v.y = y;
    v.z = z;
    return v;
}

static void corridor_chase(void) {
    const unsigned char tiles[7] = {1, 1, 1, 1, 1, 1, 1};
    kinema_space* space = NULL;
    kinema_flood* flood = NULL;
    kinema_flood_settings settings = kinema_flood_settings_default();
    struct kinema_flood_result result;
    bool finished = true;
    int64_t cells = 0;
    kinema_dead_reckoning_result reckoning;

    CHECK(kinema_space_from_grid(7, 1, tiles, 8, &space) == KINEMA_OK);
    CHECK(kinema_space_cell_count(space, &cells) == KINEMA_OK && cells == 7);
    CHECK(kinema_flood_create(&settings, &flood) == KINEMA_OK);
    CHECK(kinema_flood_start(flood, space, vec3(2.5, 0.5, 0.0), vec3(1.0, 0.0, 0.0)) == KINEMA_OK);

    /* Time-sliced: two steps, then the rest. */
    CHECK(kinema_flood_advance(flood, 2, &finished) == KINEMA_OK && !finished);
    CHECK(kinema_flood_get_result(flood, &result) == KINEMA_OK);
    CHECK(result.steps == 2 && !result.finished);
    CHECK(kinema_flood_advance(flood, 100, &finished) == KINEMA_OK && finished);
    CHECK(kinema_flood_get_result(flood, &result) == KINEMA_OK);
    CHECK(result.steps == 4 && result.stop_reason == KINEMA_STOP_EXHAUSTED && result.finished);
    CHECK(result.heated_cells == 5 && result.warm_cells == 5 && result.barrier_cells == 2);
    CHECK(result.seed_cell == 2 && result.destination_cell == 4 && !result.seed_snapped);
    CHECK(fabs(result.centroid.x - 415.0 / 90.0) < 1e-12 && result.centroid.y == 0.5);
    CHECK(result.destination.x == 4.5 && result.destination.y == 0.5 && result.destination.z == 0.0);

    /* Dead reckoning from column 2 running east for M_S = 40 tiles: the corridor ends at x = 7, so the line
     * stops there, blocked, and the guard is sent to the last open cell, column 6. */
    CHECK(kinema_dead_reckoning(space, vec3(2.5, 0.5, 0.0), vec3(1.0, 0.0, 0.0), 40.0, &reckoning) == KINEMA_OK);
    CHECK(reckoning.position.x == 6.5 && reckoning.position.y == 0.5 && reckoning.cell == 6);
    CHECK(reckoning.end_point.x == 7.0 && reckoning.end_point.y == 0.5);
    CHECK(reckoning.blocked && reckoning.on_space && reckoning.distance == 40.0);
    /* Two tiles west: not blocked, the line's end in column 0. */
    CHECK(kinema_dead_reckoning(space, vec3(2.5, 0.5, 0.0), vec3(-3.0, 0.0, 0.0), 2.0, &reckoning) == KINEMA_OK);
    CHECK(reckoning.end_point.x == 0.5 && reckoning.cell == 0 && !reckoning.blocked);
    CHECK(kinema_dead_reckoning(space, vec3(2.5, 0.5, 0.0), vec3(1.0, 0.0, 0.0), -1.0, &reckoning) ==
          KINEMA_ERROR_ARGUMENT);
    CHECK(strstr(kinema_last_error(), "dead_reckoning_distance") != NULL);

    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
}

/* The corridor again as an engine's navmesh: seven 1 x 1 squares side by side (x 0..7, z 0..1, y 0) with
 * chase cells of 1, so one cell at the centre of each square, and the same chase along x. Built without the
 * navmesh part, the call says so. */
static void polygon_corridor(void) {
    float xyz[16 * 3];
    int indices[7 * 4];
    int sizes[7];
    int i;
    kinema_space* space = NULL;
    kinema_flood* flood = NULL;
    kinema_nav_settings nav = kinema_nav_settings_default();
    kinema_flood_settings settings = kinema_flood_settings_default();
    struct kinema_flood_result result;
    int64_t cells = 0;
    kinema_status status;

    for (i = 0; i < 8; ++i) { /* vertex i at (i, 0, 0), vertex 8 + i at (i, 0, 1) */
        xyz[i * 3] = (float)i;
        xyz[i * 3 + 1] = 0.0f;
        xyz[i * 3 + 2] = 0.0f;
        xyz[(8 + i) * 3] = (float)i;
        xyz[(8 + i) * 3 + 1] = 0.0f;
        xyz[(8 + i) * 3 + 2] = 1.0f;
    }
    for (i = 0; i < 7; ++i) {
        indices[i * 4] = i;
        indices[i * 4 + 1] = i + 1;
        indices[i * 4 + 2] = 8 + i + 1;
        indices[i * 4 + 3] = 8 + i;
        sizes[i] = 4;
    }
    CHECK(nav.chase_cell_size == 0.75 && nav.agent_height == 2.0);
    nav.chase_cell_size = 1.0;
    status = kinema_space_from_polygons(xyz, 16, indices, sizes, 7, &nav, &space);
    if (status == KINEMA_ERROR_INPUT && strstr(kinema_last_error(), "navmesh part") != NULL) {
        return;
    }
    CHECK(status == KINEMA_OK);
    CHECK(kinema_space_cell_count(space, &cells) == KINEMA_OK && cells == 7);
    CHECK(kinema_flood_create(&settings, &flood) == KINEMA_OK);
    CHECK(kinema_flood_start(flood, space, vec3(2.5, 0.0, 0.5), vec3(1.0, 0.0, 0.0)) == KINEMA_OK);
    CHECK(kinema_flood_advance(flood, 100, NULL) == KINEMA_OK);
    CHECK(kinema_flood_get_result(flood, &result) == KINEMA_OK);
    CHECK(result.steps == 4 && result.stop_reason == KINEMA_STOP_EXHAUSTED);
    CHECK(result.heated_cells == 5 && result.barrier_cells == 2 && result.destination_cell == 4);
    CHECK(result.destination.x == 4.5 && result.destination.y == 0.0 && result.destination.z == 0.5);

    /* A square that names one corner twice is refused by its number. */
    indices[3] = 1;
    CHECK(kinema_space_from_polygons(xyz, 16, indices, sizes, 7, NULL, &space) == KINEMA_ERROR_INPUT);
    CHECK(strstr(kinema_last_error(), "kinema_space_from_polygons: polygon 0") != NULL);
    CHECK(kinema_space_from_mesh(xyz, 16, NULL, 1, NULL, &space) == KINEMA_ERROR_ARGUMENT);
    CHECK(strstr(kinema_last_error(), "triangles is NULL") != NULL);

    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
}

static void errors_are_statuses(void) {
    const unsigned char tiles[4] = {1, 1, 0, 1};
    kinema_space* space = NULL;
    kinema_flood* flood = NULL;
    kinema_flood_settings settings = kinema_flood_settings_default();
    struct kinema_flood_result result;

    CHECK(kinema_space_from_grid(2, 2, NULL, 8, &space) == KINEMA_ERROR_ARGUMENT && space == NULL);
    CHECK(strstr(kinema_last_error(), "tiles is NULL") != NULL);
    CHECK(kinema_space_from_grid(2, 2, tiles, 6, &space) == KINEMA_ERROR_ARGUMENT);
    CHECK(kinema_space_from_grid(-2, 2, tiles, 8, &space) == KINEMA_ERROR_ARGUMENT);
    CHECK(kinema_space_load("no/such/level.map", &space) == KINEMA_ERROR_INPUT && space == NULL);
    CHECK(strstr(kinema_last_error(), "no/such/level.map") != NULL);
    CHECK(kinema_space_load_options("no/such/level.map", NULL, "", &space) == KINEMA_ERROR_INPUT &&
          space == NULL);
    CHECK(kinema_space_load_options("no/such/level.map", "Level_1", NULL, &space) == KINEMA_ERROR_ARGUMENT &&
          space == NULL);
    CHECK(strstr(kinema_last_error(), "kinema_space_load_options: level: has no effect") != NULL);

    settings.max_steps = -1;
    CHECK(kinema_flood_create(&settings, &flood) == KINEMA_ERROR_ARGUMENT && flood == NULL);
    CHECK(strstr(kinema_last_error(), "max_steps") != NULL);
    settings = kinema_flood_settings_default();
    CHECK(kinema_flood_create(&settings, &flood) == KINEMA_OK);
    CHECK(kinema_flood_get_result(flood, &result) == KINEMA_ERROR_STATE);
    CHECK(kinema_flood_advance(flood, 1, NULL) == KINEMA_ERROR_STATE);
    CHECK(kinema_space_from_grid(2, 2, tiles, 8, &space) == KINEMA_OK);
    CHECK(kinema_flood_start(flood, space, vec3(NAN, 0.5, 0.0), vec3(1.0, 0.0, 0.0)) ==
          KINEMA_ERROR_ARGUMENT);
    CHECK(strstr(kinema_last_error(), "position") != NULL);
    CHECK(kinema_flood_start(flood, space, vec3(0.5, 0.5, 0.0), vec3(1.0, 0.0, 0.0)) == KINEMA_OK);
    CHECK(kinema_flood_advance(flood, -1, NULL) == KINEMA_ERROR_ARGUMENT);
    CHECK(kinema_flood_start(NULL, space, vec3(0.5, 0.5, 0.0), vec3(1.0, 0.0, 0.0)) == KINEMA_ERROR_ARGUMENT);

    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
    kinema_flood_destroy(NULL);
    kinema_space_destroy(NULL);
}

static int near(double a, double b) {
    return fabs(a - b) < 1e-9 * (1.0 + fabs(b));
}

static kinema_vec2 vec2(double x, double y) {
    kinema_vec2 v;
    v.x = x;
    v.y = y;
    return v;
}

static kinema_planar_state moving_along_x(double speed) {
    kinema_planar_state s;
    s.position = vec2(0.0, 0.0);
    s.velocity = vec2(speed, 0.0);
    return s;
}

/* One frame at 60 fps of each model. Unreal braking from 600 cm/s (no input; beta = 8 x 2 = 16 1/s, a_B =
 * 2048): v = 600 - (16 x 600 + 2048) / 60 = 405.8667, x = v / 60. Dishonored from rest at full input: the
 * friction term is 0, v = 2000 / 60, x = v / 60. CrossCode from rest: v = 300 x 10 x 1 x 1 / 60 = 50 (no
 * friction yet), x = 50 / 60. */
static void movement_steps(void) {
    const double dt = 1.0 / 60.0;
    const kinema_unreal_settings unreal = kinema_unreal_settings_default();
    const kinema_dishonored_settings dishonored = kinema_dishonored_settings_default();
    const kinema_crosscode_settings crosscode = kinema_crosscode_settings_default();
    const kinema_planar_state rest = moving_along_x(0.0);
    const kinema_planar_state at_600 = moving_along_x(600.0);
    kinema_planar_state out;
    kinema_planar_state run[6];
    kinema_vec2 inputs[6];
    double frame_times[6];
    int i;

    CHECK(unreal.max_walk_speed == 600.0 && unreal.max_simulation_iterations == 8 &&
          unreal.use_separate_braking_friction == false);
    CHECK(kinema_unreal_step(&unreal, &at_600, vec2(0.0, 0.0), dt, &out) == KINEMA_OK);
    CHECK(near(out.velocity.x, 600.0 - (16.0 * 600.0 + 2048.0) / 60.0) && out.velocity.y == 0.0);
    CHECK(near(out.position.x, out.velocity.x / 60.0));
    CHECK(dishonored.speed_scale == 1.0 && dishonored.friction == 8.0);
    CHECK(kinema_dishonored_step(&dishonored, &rest, vec2(1.0, 0.0), dt, &out) == KINEMA_OK);
    CHECK(near(out.velocity.x, 2000.0 / 60.0) && near(out.position.x, 2000.0 / 3600.0));
    CHECK(crosscode.max_vel == 300.0 && crosscode.grounded == true);
    CHECK(kinema_crosscode_step(&crosscode, &rest, vec2(1.0, 0.0), dt, &out) == KINEMA_OK);
    CHECK(near(out.velocity.x, 50.0) && near(out.position.x, 50.0 / 60.0));

    /* A run: the same braking frame first, then the stop below frame by frame. */
    for (i = 0; i < 6; ++i) {
        inputs[i] = vec2(0.0, 0.0);
        frame_times[i] = dt;
    }
    CHECK(kinema_unreal_simulate(&unreal, &at_600, inputs, frame_times, 6, run) == KINEMA_OK);
    CHECK(near(run[0].velocity.x, 600.0 - (16.0 * 600.0 + 2048.0) / 60.0));
    CHECK(run[5].velocity.x == 0.0 && fabs(run[5].position.x - 15.623476) < 1e-6);
    CHECK(kinema_unreal_simulate(&unreal, &at_600, NULL, NULL, 0, NULL) == KINEMA_OK);
}

/* The stop from 600 cm/s at 60 fps: 15.62 cm in 6 frames (the five braking frames of the run above and the
 * frame that snaps below 10 cm/s; `kinema stop --model unreal --speed 600 --fps 60`). Dishonored's turn
 * straight ahead: m' = 1 + (2000 / 400) / 60, full speed kept. */
static void analysis(void) {
    const kinema_unreal_settings unreal = kinema_unreal_settings_default();
    const kinema_turn_settings turn = kinema_turn_settings_default();
    const double trace[2] = {1.0 / 60.0, 1.0 / 60.0};
    kinema_stop_prediction stop;
    kinema_turn_solution solution;
    double full = 0.0;
    double reachable = 0.0;

    CHECK(kinema_unreal_stop(&unreal, 600.0, 1.0 / 60.0, &stop) == KINEMA_OK);
    CHECK(stop.stops && stop.frames == 6 && fabs(stop.distance - 15.623476) < 1e-6 && !stop.at_limit);
    CHECK(near(stop.time, 0.1));
    CHECK(kinema_unreal_stop_trace(&unreal, 600.0, trace, 2, &stop) == KINEMA_OK);
    CHECK(stop.frames == 6 && fabs(stop.distance - 15.623476) < 1e-6);
    CHECK(kinema_unreal_pivot(&unreal, 600.0, 1.0 / 60.0, &stop) == KINEMA_OK && stop.frames > 0);
    CHECK(kinema_unreal_stop_continuous(&unreal, 600.0, &stop) == KINEMA_OK &&
          fabs(stop.distance - 23.593834) < 1e-6);

    CHECK(turn.speed_scale == 1.0 && turn.friction == 8.0 && turn.acceleration == 2000.0);
    CHECK(kinema_dishonored_turn(&turn, 0.0, 1.0 / 60.0, &solution) == KINEMA_OK);
    CHECK(solution.reachable && near(solution.input_direction.x, 1.0) && near(solution.speed, 400.0));
    CHECK(near(solution.normalized_speed, 1.0 + 5.0 / 60.0));
    CHECK(kinema_dishonored_turn_limits(&turn, 1.0 / 60.0, &full, &reachable) == KINEMA_OK);
    CHECK(full > 0.0 && reachable >= full && reachable <= 3.14159265358979);
}

/* Morrowind's default NPC (Speed 50, Athletics 30, Acrobatics 30): walk = 100 + (200 - 100) x 0.5 = 150 u/s,
 * run = 150 x (1.75 + 0.3) = 307.5 u/s. A fall of 500 u: x = 500 - 400 - 1.5 x 30 = 55, x = 0.07 x 55 x
 * (0.25 + 0.01 x 70) = 3.6575, health loss = x (1 - 0.25 x 1.25) = 2.51453125. */
static void morrowind(void) {
    const kinema_morrowind_settings settings = kinema_morrowind_settings_default();
    kinema_morrowind_actor actor = kinema_morrowind_actor_default();
    kinema_morrowind_stance stance = kinema_morrowind_stance_default();
    kinema_morrowind_speed_result speed;
    kinema_morrowind_jump_result jump;
    kinema_morrowind_fall_result fall;

    CHECK(settings.gmsts.min_walk_speed == 100.0 && settings.max_playback_scale == 10.0);
    CHECK(actor.kind == KINEMA_MORROWIND_NPC && actor.speed == 50.0 && stance.input.y == 1.0);
    CHECK(kinema_morrowind_speed(&settings, &actor, &stance, &speed) == KINEMA_OK);
    CHECK(speed.mode == KINEMA_MORROWIND_MOVE_WALK && near(speed.walk_speed, 150.0));
    CHECK(near(speed.run_speed, 307.5) && near(speed.move_speed, 150.0) && !speed.strafing);
    CHECK(kinema_morrowind_jump(&settings, &actor, &stance, vec2(0.0, 0.0), &jump) == KINEMA_OK);
    CHECK(jump.can_jump && jump.take_off_speed > 0.0 && jump.velocity.x == 0.0 && jump.velocity.z > 0.0);
    CHECK(kinema_morrowind_fall(&settings, &actor, 500.0, &fall) == KINEMA_OK);
    CHECK(!fall.soft_landing && near(fall.damage_term, 3.6575) && near(fall.health_loss, 2.51453125));
    CHECK(!fall.knockdown);

    actor.speed = -1.0;
    CHECK(kinema_morrowind_speed(&settings, &actor, &stance, &speed) == KINEMA_ERROR_ARGUMENT);
    CHECK(strstr(kinema_last_error(), "speed") != NULL);
    actor = kinema_morrowind_actor_default();
    stance.input = vec2(NAN, 0.0);
    CHECK(kinema_morrowind_jump(&settings, &actor, &stance, vec2(0.0, 0.0), &jump) == KINEMA_ERROR_ARGUMENT);
    CHECK(kinema_morrowind_fall(&settings, &actor, -1.0, &fall) == KINEMA_ERROR_ARGUMENT);
    CHECK(kinema_morrowind_fall(NULL, &actor, 1.0, &fall) == KINEMA_ERROR_ARGUMENT);
}

static void movement_errors_are_statuses(void) {
    kinema_unreal_settings unreal = kinema_unreal_settings_default();
    const kinema_planar_state rest = moving_along_x(0.0);
    kinema_planar_state out = moving_along_x(7.0);
    kinema_stop_prediction stop;
    const kinema_vec2 input = vec2(1.0, 0.0);
    double dt = 1.0 / 60.0;

    CHECK(kinema_unreal_step(&unreal, &rest, input, 0.0, &out) == KINEMA_ERROR_ARGUMENT);
    CHECK(strstr(kinema_last_error(), "dt") != NULL && out.velocity.x == 7.0);
    CHECK(kinema_unreal_step(&unreal, &rest, vec2(NAN, 0.0), dt, &out) == KINEMA_ERROR_ARGUMENT);
    CHECK(kinema_unreal_step(NULL, &rest, input, dt, &out) == KINEMA_ERROR_ARGUMENT);
    CHECK(strstr(kinema_last_error(), "settings is NULL") != NULL);
    CHECK(kinema_unreal_simulate(&unreal, &rest, &input, &dt, -1, &out) == KINEMA_ERROR_ARGUMENT);
    CHECK(strstr(kinema_last_error(), "frames") != NULL);
    CHECK(kinema_unreal_simulate(&unreal, &rest, &input, &dt, 1, NULL) == KINEMA_ERROR_ARGUMENT);
    unreal.max_simulation_iterations = 0;
    CHECK(kinema_unreal_step(&unreal, &rest, input, dt, &out) == KINEMA_ERROR_ARGUMENT);
    CHECK(strstr(kinema_last_error(), "max_simulation_iterations") != NULL);
    unreal = kinema_unreal_settings_default();
    CHECK(kinema_unreal_stop(&unreal, -5.0, dt, &stop) == KINEMA_ERROR_ARGUMENT);
    CHECK(kinema_unreal_stop(&unreal, 600.0, NAN, &stop) == KINEMA_ERROR_ARGUMENT);
    CHECK(kinema_unreal_stop_trace(&unreal, 600.0, &dt, 0, &stop) == KINEMA_ERROR_ARGUMENT);
    CHECK(kinema_unreal_pivot(&unreal, 700.0, dt, &stop) == KINEMA_ERROR_ARGUMENT);
}

/* NaN and overflow are refused by a step, never answered (issue 40): a NaN position, a velocity whose square
 * overflows (Dishonored answered (inf, -nan)). */
static void non_finite_states_are_refused(void) {
    const kinema_unreal_settings unreal = kinema_unreal_settings_default();
    const kinema_dishonored_settings dishonored = kinema_dishonored_settings_default();
    kinema_planar_state state = moving_along_x(0.0);
    kinema_planar_state out = moving_along_x(7.0);

    state.position.x = NAN;
    CHECK(kinema_unreal_step(&unreal, &state, vec2(1.0, 0.0), 1.0 / 60.0, &out) == KINEMA_ERROR_ARGUMENT);
    CHECK(strcmp(kinema_last_error(),
                 "kinema_unreal_step: state.position.x must be a finite number, got NaN") == 0);
    CHECK(out.velocity.x == 7.0);
    state = moving_along_x(1e308);
    state.velocity.y = 1e308;
    CHECK(kinema_dishonored_step(&dishonored, &state, vec2(1.0, 0.0), 1.0 / 60.0, &out) ==
          KINEMA_ERROR_ARGUMENT);
    CHECK(strstr(kinema_last_error(), "state.velocity.x") != NULL && out.velocity.x == 7.0);
}

/* The runtime pursuer on the same corridor: engaged on the player at column 2, then losing them running east,
 * the flood strategy's chase is the corridor's flood above (destination column 4); arriving there starts the
 * search. */
static void corridor_pursuer(void) {
    const unsigned char tiles[7] = {1, 1, 1, 1, 1, 1, 1};
    kinema_space* space = NULL;
    kinema_pursuer* pursuer = NULL;
    kinema_pursuer_settings settings = kinema_pursuer_settings_default();
    kinema_pursuer_input input;
    kinema_pursuer_output output;
    kinema_pursuer_event events[4];
    int count = 0;
    memset(&input, 0, sizeof input);
    CHECK(settings.strategy == KINEMA_STRATEGY_FLOOD && settings.flood.max_restarts == 3);
    CHECK(kinema_space_from_grid(7, 1, tiles, 8, &space) == KINEMA_OK);
    CHECK(kinema_pursuer_create(space, &settings, &pursuer) == KINEMA_OK);
    input.dt = 0.5;
    input.npc_position = vec3(0.5, 0.5, 0.0);
    input.npc_facing = vec3(1.0, 0.0, 0.0);
    input.sees_player = true;
    input.player_position = vec3(2.5, 0.5, 0.0);
    input.player_velocity = vec3(6.0, 0.0, 0.0);
    CHECK(kinema_pursuer_update(pursuer, &input, &output) == KINEMA_OK);
    CHECK(output.state == KINEMA_PURSUIT_ENGAGE && output.goal.x == 2.5 && output.goal_in_sight);
    input.sees_player = false;
    CHECK(kinema_pursuer_update(pursuer, &input, &output) == KINEMA_OK);
    CHECK(output.state == KINEMA_PURSUIT_CHASE && output.goal.x == 4.5 && output.goal.y == 0.5);
    CHECK(output.goal_changed && output.time == 1.0);
    CHECK(output.events == ((1u << KINEMA_PURSUIT_EVENT_LOST_SIGHT) | (1u << KINEMA_PURSUIT_EVENT_CHASE)));
    CHECK(kinema_pursuer_events(pursuer, events, 4, &count) == KINEMA_OK && count == 2);
    CHECK(events[0].kind == KINEMA_PURSUIT_EVENT_LOST_SIGHT && events[0].position.x == 2.5);
    CHECK(events[0].direction.x == 1.0 && events[1].position.x == 4.5);
    input.arrived = true;
    CHECK(kinema_pursuer_update(pursuer, &input, &output) == KINEMA_OK);
    CHECK(output.state == KINEMA_PURSUIT_SEARCH);
    CHECK(kinema_pursuer_stimulus(pursuer, vec3(5.5, 0.5, 0.0), 0.0, &output) == KINEMA_OK);
    CHECK(output.state == KINEMA_PURSUIT_CHASE);
    kinema_pursuer_destroy(pursuer);
    kinema_space_destroy(space);
}

/* A team of two on the same corridor, sharing sightings: NPC 1 does not see the player but NPC 0 does, so both
 * engage on the player at column 2 (alone, NPC 1 would chase at once); when neither sees them running east,
 * both lose them together and chase to the flood's destination, column 4. */
static void corridor_team(void) {
    const unsigned char tiles[7] = {1, 1, 1, 1, 1, 1, 1};
    kinema_space* space = NULL;
    kinema_pursuer_team* team = NULL;
    kinema_pursuer_settings settings = kinema_pursuer_settings_default();
    kinema_pursuer_input inputs[2];
    kinema_pursuer_output outputs[2];
    kinema_pursuer_event events[4];
    int count = 0;
    int i;
    memset(inputs, 0, sizeof inputs);
    CHECK(kinema_space_from_grid(7, 1, tiles, 8, &space) == KINEMA_OK);
    CHECK(kinema_pursuer_team_create(space, &settings, 2, KINEMA_TEAM_SHARED, &team) == KINEMA_OK);
    for (i = 0; i < 2; ++i) {
        inputs[i].dt = 0.5;
        inputs[i].npc_facing = vec3(1.0, 0.0, 0.0);
        inputs[i].player_position = vec3(2.5, 0.5, 0.0);
        inputs[i].player_velocity = vec3(6.0, 0.0, 0.0);
    }
    inputs[0].npc_position = vec3(0.5, 0.5, 0.0);
    inputs[1].npc_position = vec3(1.5, 0.5, 0.0);
    inputs[0].sees_player = true;
    CHECK(kinema_pursuer_team_update(team, inputs, 2, outputs) == KINEMA_OK);
    CHECK(outputs[0].state == KINEMA_PURSUIT_ENGAGE && outputs[1].state == KINEMA_PURSUIT_ENGAGE);
    CHECK(outputs[1].goal.x == 2.5);
    inputs[0].sees_player = false;
    CHECK(kinema_pursuer_team_update(team, inputs, 2, outputs) == KINEMA_OK);
    for (i = 0; i < 2; ++i) {
        CHECK(outputs[i].state == KINEMA_PURSUIT_CHASE && outputs[i].goal.x == 4.5 && outputs[i].time == 1.0);
        CHECK(kinema_pursuer_team_events(team, i, events, 4, &count) == KINEMA_OK && count == 2);
        CHECK(events[0].kind == KINEMA_PURSUIT_EVENT_LOST_SIGHT && events[1].position.x == 4.5);
    }
    CHECK(kinema_pursuer_team_update(team, inputs, 3, outputs) == KINEMA_ERROR_ARGUMENT);
    CHECK(strstr(kinema_last_error(), "count") != NULL);
    CHECK(kinema_pursuer_team_reset(team) == KINEMA_OK);
    kinema_pursuer_team_destroy(team);
    kinema_space_destroy(space);
}

int main(void) {
    CHECK(kinema_c_api_version() == KINEMA_C_API_VERSION);
    CHECK(strlen(kinema_version()) >= 5);
    corridor_chase();
    corridor_pursuer();
    corridor_team();
    errors_are_statuses();
    polygon_corridor();
    movement_steps();
    analysis();
    morrowind();
    movement_errors_are_statuses();
    non_finite_states_are_refused();
    if (failures != 0) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("kinema C ABI from C99: all checks passed\n");
    return 0;
}
