// report::audit_shards: FNV-1a 64 against the published test vectors, a partial report read back to the very
// rows written (bit for bit), and the merge's refusals.
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "kinema/report/audit_shards.hpp"

namespace kinema::report {
namespace {

// Fowler, Noll and Vo's reference values: the empty string is the offset basis; "a" and "foobar".
TEST(AuditShards, Fnv1a64MatchesTheReferenceVectors) {
    EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);
    EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
    EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ull);
}

// parse_shard_id: "I/N" of whole numbers 1 <= I <= N <= max_shards, numbers as read_number reads them.
TEST(AuditShards, AShardIdIsTwoWholeNumbersInRange) {
    const auto shard = [](std::string_view text) {
        const std::optional<ShardId> id = parse_shard_id(text);
        return id ? std::to_string(id->index) + " of " + std::to_string(id->count) : std::string("none");
    };
    EXPECT_EQ(shard("1/1"), "1 of 1");
    EXPECT_EQ(shard("3/8"), "3 of 8");
    EXPECT_EQ(shard("+2/2e0"), "2 of 2");
    EXPECT_EQ(shard("100000/100000"), "100000 of 100000");
    for (const std::string_view bad :
         {"", "1", "0/4", "5/4", "1.5/4", "1/100001", "1/2/3", " 1/2", "1/inf", "nan/2", "a/2", "1/"}) {
        EXPECT_EQ(shard(bad), "none") << bad;
    }
}

std::string part_text(ShardId shard, chase::AuditCellRange range, const std::vector<chase::AuditRow>& rows,
                      const std::string& hash = "0123456789abcdef", std::size_t chunk_bytes = 1 << 20,
                      const levels::LevelReadOptions& options = {}) {
    chase::AuditSettings settings;
    settings.directions = 2;
    std::string whole;
    std::string buffer;
    write_audit_part(
        {"level.txt", hash, options}, 3, chase::FloodSettings{}, settings, shard, range, rows, buffer,
        [&](std::string& piece) {
            whole += piece;
            piece.clear();
        },
        chunk_bytes);
    return whole;
}

std::vector<chase::AuditRow> rows_of(chase::CellId first, chase::CellId end) {
    std::vector<chase::AuditRow> rows;
    for (chase::CellId c = first; c < end; ++c) {
        for (int k = 0; k < 2; ++k) {
            chase::AuditRow row;
            row.cell = c;
            row.direction = k;
            row.steps = 7;
            row.stop_reason = chase::StopReason::too_many_heated;
            row.seed_cell = c;
            row.destination_cell = 2;
            row.destination = {0.1 + c, 1.0 / 3.0, 0.0};
            row.dead_reckoning = {-2.5, 1e-300, 0.0};
            row.chase_distance = std::sqrt(2.0) * c;
            row.along_cells_distance = 2.25 + c;
            row.dead_reckoning_gap = 0.7;
            row.findings = 5;
            rows.push_back(row);
        }
    }
    return rows;
}

TEST(AuditShards, APartReadsBackToTheRowsWritten) {
    const std::vector<chase::AuditRow> rows = rows_of(1, 3);
    const AuditPart part = parse_audit_part(part_text({2, 2}, {1, 3}, rows), "p.json");
    EXPECT_EQ(part.level.file, "level.txt");
    EXPECT_EQ(part.shard.index, 2);
    EXPECT_EQ(part.cells, 3u);
    EXPECT_EQ(part.settings.directions, 2);
    ASSERT_EQ(part.rows.size(), 4u);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(part.rows[i].cell, rows[i].cell);
        EXPECT_EQ(part.rows[i].stop_reason, rows[i].stop_reason);
        EXPECT_EQ(part.rows[i].destination.x, rows[i].destination.x);
        EXPECT_EQ(part.rows[i].destination.y, rows[i].destination.y);
        EXPECT_EQ(part.rows[i].dead_reckoning.y, rows[i].dead_reckoning.y);
        EXPECT_EQ(part.rows[i].chase_distance, rows[i].chase_distance);
        EXPECT_EQ(part.rows[i].along_cells_distance, rows[i].along_cells_distance);
        EXPECT_EQ(part.rows[i].dead_reckoning_gap, 0.7);
        EXPECT_EQ(part.rows[i].findings, 5);
    }
}

// A part names exit_junction; one written before the field existed (without it, its digest made again) holds
// the first form's barrier_blocks_exit and reads as exit_junction 0.
TEST(AuditShards, APartWithoutExitJunctionReadsAsTheFirstForm) {
    const std::string whole = part_text({2, 2}, {1, 3}, rows_of(1, 3));
    EXPECT_TRUE(parse_audit_part(whole, "p.json").settings.exit_junction);
    std::string older = whole.substr(0, whole.rfind(",\"part_fnv1a64\":\""));
    const std::string field = ", \"exit_junction\": true";
    const std::size_t at = older.find(field);
    ASSERT_NE(at, std::string::npos) << older;
    older.erase(at, field.size());
    char digest[64];
    std::snprintf(digest, sizeof digest, ",\"part_fnv1a64\":\"%016llx\"}\n",
                  static_cast<unsigned long long>(fnv1a64(older)));
    const AuditPart part = parse_audit_part(older + digest, "p.json");
    EXPECT_FALSE(part.settings.exit_junction);
    EXPECT_NE(part.settings_json.find("\"exit_junction\": false"), std::string::npos) << part.settings_json;
}

// The digest is made over the pieces as they are handed on: a part written in pieces of a few bytes is the
// part written at once, and its last field is the FNV-1a 64 of every byte before it.
TEST(AuditShards, APartWrittenInPiecesCarriesTheDigestOfItsBytes) {
    const std::vector<chase::AuditRow> rows = rows_of(1, 3);
    const std::string whole = part_text({2, 2}, {1, 3}, rows);
    EXPECT_EQ(part_text({2, 2}, {1, 3}, rows, "0123456789abcdef", 7), whole);
    const std::string head = ",\"part_fnv1a64\":\"";
    const std::size_t at = whole.rfind(head);
    ASSERT_NE(at, std::string::npos);
    char digest[32];
    std::snprintf(digest, sizeof digest, "%016llx\"}\n",
                  static_cast<unsigned long long>(fnv1a64(whole.substr(0, at))));
    EXPECT_EQ(whole.substr(at + head.size()), digest);
    EXPECT_NE(whole.find("\"shard\":{\"index\":2,\"count\":2,\"first_cell\":1,\"end_cell\":3,\"rows\":4}"),
              std::string::npos)
        << whole;
    // One byte changed anywhere before the digest is refused, naming the part.
    std::string changed = whole;
    changed[changed.find("\"rows\":[[") + 9] = '2';  // the first row's cell 1 -> 2 would be caught anyway
    changed.replace(changed.find("0.7"), 3, "0.8");
    try {
        (void)parse_audit_part(changed, "p.json");
        ADD_FAILURE() << "a changed part was read";
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()).substr(0, 30), "p.json: rows[0]: cell 2 direct");
    }
    changed = whole;
    changed.replace(changed.find("0.7"), 3, "0.8");
    try {
        (void)parse_audit_part(changed, "p.json");
        ADD_FAILURE() << "a changed part was read";
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()).substr(0, 45), "p.json: changed after its shard wrote it: its");
    }
    // Infinities and NaN are written as strings and refused when read: no honest row holds one.
    std::vector<chase::AuditRow> infinite = rows;
    infinite[1].along_cells_distance = std::numeric_limits<double>::infinity();
    try {
        (void)parse_audit_part(part_text({2, 2}, {1, 3}, infinite), "p.json");
        ADD_FAILURE() << "an infinite distance was read";
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()), "p.json: rows[1] along_cells: \"inf\" is not a finite number");
    }
}

TEST(AuditShards, MergeRebuildsTheTotalsAndRefusesForeignParts) {
    // 3 cells in 2 shards: [0, 1) and [1, 3).
    const auto first = parse_audit_part(part_text({1, 2}, {0, 1}, rows_of(0, 1)), "a.json");
    const auto second = parse_audit_part(part_text({2, 2}, {1, 3}, rows_of(1, 3)), "b.json");
    const MergedAudit merged = merge_audit_parts({second, first});
    ASSERT_EQ(merged.result.rows.size(), 6u);
    EXPECT_EQ(merged.result.rows[0].cell, 0u);
    EXPECT_EQ(merged.result.totals.stop_reasons[1], 6u);
    EXPECT_EQ(merged.result.totals.findings[0], 6u);  // wrong_way (bit 1) in every row
    EXPECT_EQ(merged.result.totals.findings[1], 0u);
    EXPECT_EQ(merged.result.cells[2].mean_chase_distance, std::sqrt(2.0) * 2);
    EXPECT_THROW((void)merge_audit_parts({first}), std::invalid_argument);
    EXPECT_THROW((void)merge_audit_parts({first, first, second}), std::invalid_argument);
    const auto foreign =
        parse_audit_part(part_text({2, 2}, {1, 3}, rows_of(1, 3), "fedcba9876543210"), "c.json");
    try {
        (void)merge_audit_parts({first, foreign});
        ADD_FAILURE() << "another level's part merged";
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()),
                  "c.json: another level: level.txt (fnv1a64 fedcba9876543210), not "
                  "level.txt (fnv1a64 0123456789abcdef) as in a.json");
    }
    // A range that is not the shard's share of the cells is not a part kinema wrote.
    EXPECT_THROW((void)parse_audit_part(part_text({2, 2}, {2, 3}, rows_of(2, 3)), "d.json"),
                 std::invalid_argument);
}

// The merge's two checks of the level it re-reads (kinema merge): the file's bytes still hash to the parts'
// fnv1a64 (FNV-1a 64 of "foobar" is 85944171f73967e8, the reference vector above), and it has their cells.
TEST(AuditShards, AMergeRefusesALevelThatChangedSinceTheParts) {
    const std::string path = ::testing::TempDir() + "kinema_merge_level.txt";
    std::FILE* file = std::fopen(path.c_str(), "wb");
    ASSERT_NE(file, nullptr);
    std::fputs("foobar", file);
    std::fclose(file);
    EXPECT_NO_THROW(require_level_unchanged({path, "85944171f73967e8", {}}));
    try {
        require_level_unchanged({path, "0123456789abcdef", {}});
        ADD_FAILURE() << "a changed level passed";
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()), path +
                                             ": its content (fnv1a64 85944171f73967e8) is not the level the "
                                             "parts were computed on (fnv1a64 0123456789abcdef)");
    }
    std::remove(path.c_str());
    const auto first = parse_audit_part(part_text({1, 2}, {0, 1}, rows_of(0, 1)), "a.json");
    const auto second = parse_audit_part(part_text({2, 2}, {1, 3}, rows_of(1, 3)), "b.json");
    const MergedAudit merged = merge_audit_parts({first, second});
    EXPECT_NO_THROW(require_merged_cells(merged, 3));
    try {
        require_merged_cells(merged, 4);
        ADD_FAILURE() << "a level of another size passed";
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()), "level.txt: has 4 cells, the parts 3");
    }
}

// A level read with --level or --walls records them, so that the merge re-reads the same level; a part
// without them is written as before they existed, and parts read with other options do not merge.
TEST(AuditShards, APartRecordsTheLevelOptionsItWasReadWith) {
    const std::string plain = part_text({1, 2}, {0, 1}, rows_of(0, 1));
    EXPECT_NE(plain.find("\"level\":{\"file\":\"level.txt\",\"fnv1a64\":\"0123456789abcdef\"},"),
              std::string::npos)
        << plain;
    const levels::LevelReadOptions options{"Level_2", "lava"};
    const std::string text = part_text({1, 2}, {0, 1}, rows_of(0, 1), "0123456789abcdef", 1 << 20, options);
    EXPECT_NE(text.find("\"level\":{\"file\":\"level.txt\",\"fnv1a64\":\"0123456789abcdef\",\"level\":"
                        "\"Level_2\",\"walls\":\"lava\"},"),
              std::string::npos)
        << text;
    const AuditPart first = parse_audit_part(text, "a.json");
    EXPECT_EQ(first.level.options.level, "Level_2");
    EXPECT_EQ(first.level.options.walls, "lava");
    EXPECT_TRUE(parse_audit_part(plain, "p.json").level.options.level.empty());
    const auto second = parse_audit_part(
        part_text({2, 2}, {1, 3}, rows_of(1, 3), "0123456789abcdef", 1 << 20, {"Level_2", ""}), "b.json");
    try {
        (void)merge_audit_parts({first, second});
        ADD_FAILURE() << "parts read with other options merged";
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()),
                  "b.json: read with other level options than a.json: level 'Level_2', walls 'lava' there, "
                  "level 'Level_2', walls '' here");
    }
    const auto same = parse_audit_part(
        part_text({2, 2}, {1, 3}, rows_of(1, 3), "0123456789abcdef", 1 << 20, options), "c.json");
    EXPECT_EQ(merge_audit_parts({first, same}).level.options.walls, "lava");
    // An empty option is not one a part writes.
    std::string empty = plain;
    empty.replace(empty.find("\"},\"settings\""), 2, "\",\"walls\":\"\"}");
    try {
        (void)parse_audit_part(empty, "e.json");
        ADD_FAILURE() << "an empty option was read";
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()),
                  "e.json: \"level\": \"walls\" is empty (a part names only options it was read with)");
    }
}

// A mesh read with --scale or --up records them, only when not 1 and y (so a part without them is
// byte-identical to one written before they existed); the merge refuses parts read with others.
TEST(AuditShards, APartRecordsTheMeshOptionsItWasReadWith) {
    levels::LevelReadOptions options;
    options.scale = 0.01;
    options.up = levels::LevelReadOptions::UpAxis::z;
    const std::string text = part_text({1, 2}, {0, 1}, rows_of(0, 1), "0123456789abcdef", 1 << 20, options);
    EXPECT_NE(text.find("\"fnv1a64\":\"0123456789abcdef\",\"scale\":0.01,\"up\":\"z\"},"), std::string::npos)
        << text;
    const AuditPart first = parse_audit_part(text, "a.json");
    EXPECT_EQ(first.level.options.scale, 0.01);
    EXPECT_EQ(first.level.options.up, levels::LevelReadOptions::UpAxis::z);
    levels::LevelReadOptions y_up = options;
    y_up.up = levels::LevelReadOptions::UpAxis::y;
    const auto second = parse_audit_part(
        part_text({2, 2}, {1, 3}, rows_of(1, 3), "0123456789abcdef", 1 << 20, y_up), "b.json");
    try {
        (void)merge_audit_parts({first, second});
        ADD_FAILURE() << "parts read with other mesh options merged";
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(
            std::string(e.what()),
            "b.json: read with other mesh options than a.json: scale 0.01, up z there, scale 0.01, up y "
            "here");
    }
    const std::string plain = part_text({1, 2}, {0, 1}, rows_of(0, 1));
    for (const auto& [field, message] :
         {std::pair{"\"scale\":0", "\"scale\" must be a number in [1e-06, 1e+06], got 0"},
          {"\"scale\":\"0.01\"", "\"scale\" must be a number in [1e-06, 1e+06], got \"0.01\""},
          {"\"up\":\"y\"", "\"up\" must be \"z\" (y up is the default), got \"y\""}}) {
        std::string bad = plain;
        bad.replace(bad.find("\"},\"settings\""), 2, std::string("\",") + field + "}");
        try {
            (void)parse_audit_part(bad, "e.json");
            ADD_FAILURE() << field << " was read";
        } catch (const std::invalid_argument& e) {
            EXPECT_EQ(std::string(e.what()), std::string("e.json: \"level\": ") + message);
        }
    }
}

}  // namespace
}  // namespace kinema::report
