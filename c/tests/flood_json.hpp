// The chase JSON of a flood run through the C ABI, shared by the C ABI's tests.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "kinema/kinema.h"

namespace kinema::c_test {

/// The JSON of a started and finished flood, through the measuring call and then the filling one.
inline std::string flood_json(const kinema_flood* flood, const char* map) {
    size_t length = 0;
    EXPECT_EQ(kinema_flood_json(flood, map, nullptr, 0, &length), KINEMA_OK);
    std::string text(length + 1, '\0');
    EXPECT_EQ(kinema_flood_json(flood, map, text.data(), text.size(), &length), KINEMA_OK)
        << kinema_last_error();
    text.resize(length);
    return text;
}

/// The JSON of a flood with the default settings from `from` along `dir` on `space`, run to its end, its map
/// named `map` (NULL: the space's own name).
inline std::string c_chase_json(const kinema_space* space, kinema_vec3 from, kinema_vec3 dir,
                                const char* map) {
    const kinema_flood_settings settings = kinema_flood_settings_default();
    kinema_flood* flood = nullptr;
    EXPECT_EQ(kinema_flood_create(&settings, &flood), KINEMA_OK);
    EXPECT_EQ(kinema_flood_start(flood, space, from, dir), KINEMA_OK) << kinema_last_error();
    bool finished = false;
    EXPECT_EQ(kinema_flood_advance(flood, 1000, &finished), KINEMA_OK);
    EXPECT_TRUE(finished);
    std::string json = flood_json(flood, map);
    kinema_flood_destroy(flood);
    return json;
}

}  // namespace kinema::c_test
