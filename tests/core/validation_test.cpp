#include "kinema/core/validation.hpp"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace {

TEST(Validation, CollectsEveryBadFieldByName) {
    kinema::FieldErrors errors;
    kinema::require_greater(errors, "dt", 0.0, 0.0);
    kinema::require_at_least(errors, "friction", -1.0, 0.0);
    kinema::require_in_range(errors, "blend", 0.5, 0.0, 1.0);
    kinema::require_finite(errors, "speed", std::numeric_limits<double>::quiet_NaN());
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_EQ(errors[0].field, "dt");
    EXPECT_EQ(errors[0].message, "must be > 0, got 0");
    EXPECT_EQ(errors[1].field, "friction");
    EXPECT_EQ(errors[1].message, "must be >= 0, got -1");
    EXPECT_EQ(errors[2].field, "speed");
}

TEST(Validation, NonFiniteIsRejectedOnceEvenWithBounds) {
    kinema::FieldErrors errors;
    kinema::require_in_range(errors, "x", std::numeric_limits<double>::infinity(), 0.0, 1.0);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].message, "must be a finite number, got inf");
}

TEST(Validation, ThrowNamesTheSettingsAndAllFields) {
    const kinema::FieldErrors errors{{"a", "must be > 0, got 0"}, {"b", "must be >= 1, got 0.5"}};
    try {
        kinema::throw_if_invalid("ExampleSettings", errors);
        FAIL() << "expected SettingsError";
    } catch (const kinema::SettingsError& e) {
        EXPECT_STREQ(e.what(), "invalid ExampleSettings: a must be > 0, got 0; b must be >= 1, got 0.5");
        EXPECT_EQ(e.errors().size(), 2u);
    }
    EXPECT_NO_THROW(kinema::throw_if_invalid("ExampleSettings", {}));
}

}  // namespace
