// Tables egkb_open must refuse, naming the field: every header field damaged with its checksum
// made valid again (so only the field's own check can catch it), cut short, grown, foreign; and
// every function of the library given NULL answers its failure value.
#include <gtest/gtest.h>
#include <zlib.h>

#include "tests/probe/probe_fixture.h"
#include "tests/support/chess.h"

namespace egkb::test {
namespace {

class TableFile : public ProbeTest {
 protected:
  void SetUp() override {
    ProbeTest::SetUp();
    good_ = read_file(write_table(ScoredLattice::of(chess_data()), "good.egkb"));
    ASSERT_GT(good_.size(), 64u);
  }
  // The file with the checksum at 60 computed again by zlib over bytes 0..59 and the body, as
  // docs/formats.md defines it: a damage the checksum no longer sees.
  static std::string with_valid_checksum(std::string bytes) {
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()), 60);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()) + 64,
                static_cast<uInt>(bytes.size() - 64));
    for (int i = 0; i < 4; ++i)
      bytes[60 + static_cast<std::size_t>(i)] = static_cast<char>(crc >> (8 * i));
    return bytes;
  }
  std::string with(std::size_t at, int value) const {
    std::string b = good_;
    b[at] = static_cast<char>(value);
    return with_valid_checksum(b);
  }
  // Refused, and why begins with the field.
  void expect_refused(const std::string& bytes, const std::string& field) const {
    const std::string file = write("bad.egkb", bytes);
    const char* why = nullptr;
    egkb_table* t = egkb_open(file.c_str(), &why);
    EXPECT_EQ(t, nullptr) << field;
    egkb_close(t);
    ASSERT_NE(why, nullptr) << field;
    EXPECT_EQ(std::string(why).rfind(field + ":", 0), 0u) << field << ": " << why;
  }
  std::string good_;
};

TEST_F(TableFile, TheGoodFileOpensAndItsChecksumIsZlibs) {
  EXPECT_EQ(with_valid_checksum(good_), good_);
  const Table t = open(write("again.egkb", with_valid_checksum(good_)));
  EXPECT_TRUE(t);
}

// Issue 40's three, and the same for every other field: each caught by its own check.
TEST_F(TableFile, EachHeaderFieldDamagedBehindAValidChecksumIsRefusedByName) {
  expect_refused(with(44, 1), "reserved");
  expect_refused(with(47, 0x80), "reserved");
  expect_refused(with(11, 0x02), "flags");
  expect_refused(with(11, 0x81), "flags");
  expect_refused(with(12 + 6, 'x'), "pieces");  // "chess\0x": a byte after the name's NUL
  expect_refused(with(23, 1), "pieces");
  expect_refused(with(12, 'C'), "pieces");  // "Chess": unknown
  expect_refused(with(8, 3), "version");
  expect_refused(with(10, 6), "kinds");
  expect_refused(with(24, 'K'), "letters");
  expect_refused(with(29, 'K'), "letters");  // past the five kinds' letters
  expect_refused(with(32, 0), "dimensions");
  expect_refused(with(32, 11), "dimensions");  // 10 queens: chess allows 9
  expect_refused(with(37, 1), "dimensions");   // past the five kinds
  expect_refused(with(48, good_[48] + 1), "entries");
  expect_refused(with(41, 0x7F), "columns");  // more columns than the box
  expect_refused(with(59, 0x7F), "known");    // more known than pairs of columns
  expect_refused(with(0, 'X'), "magic");
}

TEST_F(TableFile, TheBodyDamagedIsCaughtByTheChecksumOrByItsOwnCheck) {
  for (std::size_t at : {std::size_t{64}, std::size_t{65}, std::size_t{200}, good_.size() - 1}) {
    std::string bad = good_;
    bad[at] = static_cast<char>(bad[at] ^ 0x5A);
    expect_refused(bad, "checksum");
  }
  // Behind a valid checksum: a column named twice, a column beyond the columns, a score of 10.
  const std::size_t box = static_cast<std::size_t>(static_cast<unsigned char>(good_[48])) |
                          static_cast<std::size_t>(static_cast<unsigned char>(good_[49])) << 8;
  std::size_t named = 64;
  while (good_[named] == '\xFF' && good_[named + 1] == '\xFF') named += 2;
  std::string twice = good_;
  std::size_t other = named + 2;
  while (twice[other] == '\xFF') other += 2;
  twice[other] = good_[named];
  twice[other + 1] = good_[named + 1];
  expect_refused(with_valid_checksum(twice), "columns");
  expect_refused(with(named + 1, 0x7F), "columns");
  expect_refused(with(64 + 2 * box, 10), "entries");
  expect_refused(with(64 + 2 * box, good_[64 + 2 * box] == '\xFF' ? 0 : 0xFF), "known");
}

TEST_F(TableFile, ShortLongAndForeignFilesAreRefusedByName) {
  expect_refused(good_.substr(0, good_.size() - 1), "entries");
  expect_refused(good_ + "x", "entries");
  expect_refused(good_.substr(0, 20), "header");
  expect_refused("", "header");
  expect_refused("material,score\n" + std::string(80, 'x'), "magic");
  const char* why = nullptr;
  EXPECT_EQ(egkb_open(path("missing.egkb").c_str(), &why), nullptr);
  EXPECT_STREQ(why, "file: No such file or directory");
  EXPECT_EQ(egkb_open(dir_.c_str(), &why), nullptr);
  EXPECT_STREQ(why, "file: is a directory, not a table file");
  EXPECT_EQ(egkb_open(path("missing.egkb").c_str(), nullptr), nullptr);
  EXPECT_EQ(egkb_open(nullptr, &why), nullptr);
  EXPECT_STREQ(why, "file: no path given");
}

// Every function, a NULL table or NULL arrays: the failure value, never a crash.
TEST_F(TableFile, NullGivesEveryFunctionsFailureValue) {
  const Table t = open(path("good.egkb"));
  ASSERT_TRUE(t);
  const int none[EGKB_MOST_KINDS] = {};
  int out[EGKB_MOST_KINDS] = {}, dims[EGKB_MOST_KINDS] = {};
  const egkb_key key = egkb_key_of_counts(t.get(), none, none);
  EXPECT_EQ(egkb_probe_counts(nullptr, none, none), EGKB_UNKNOWN);
  EXPECT_EQ(egkb_probe_counts(t.get(), nullptr, none), EGKB_UNKNOWN);
  EXPECT_EQ(egkb_probe_counts(t.get(), none, nullptr), EGKB_UNKNOWN);
  EXPECT_EQ(egkb_probe_key(nullptr, key), EGKB_UNKNOWN);
  EXPECT_EQ(egkb_probe_material(nullptr, "KRvK"), EGKB_UNKNOWN);
  EXPECT_EQ(egkb_probe_material(t.get(), nullptr), EGKB_UNKNOWN);
  EXPECT_EQ(egkb_key_of_counts(nullptr, none, none), EGKB_NO_KEY);
  EXPECT_EQ(egkb_key_of_counts(t.get(), nullptr, none), EGKB_NO_KEY);
  EXPECT_EQ(egkb_key_of_counts(t.get(), none, nullptr), EGKB_NO_KEY);
  EXPECT_EQ(egkb_key_add(nullptr, key, EGKB_FIRST, 0), EGKB_NO_KEY);
  EXPECT_EQ(egkb_key_remove(nullptr, key, EGKB_FIRST, 0), EGKB_NO_KEY);
  EXPECT_EQ(egkb_counts_from_fen(nullptr, "8/8/8/8/8/8/8/K6k w - - 0 1", out, out), -1);
  EXPECT_EQ(egkb_counts_from_fen(t.get(), nullptr, out, out), -1);
  EXPECT_EQ(egkb_counts_from_fen(t.get(), "8/8/8/8/8/8/8/K6k w - - 0 1", nullptr, out), -1);
  EXPECT_EQ(egkb_counts_from_fen(t.get(), "8/8/8/8/8/8/8/K6k w - - 0 1", out, nullptr), -1);
  EXPECT_EQ(egkb_pieces(nullptr), nullptr);
  EXPECT_EQ(egkb_kind_letters(nullptr), nullptr);
  EXPECT_EQ(egkb_game_of(nullptr), EGKB_GAME_ANY);
  EXPECT_EQ(egkb_dimensions(nullptr, dims), 0);
  EXPECT_EQ(egkb_dimensions(t.get(), nullptr), 5);
  EXPECT_EQ(egkb_has_conflicts(nullptr), EGKB_UNKNOWN);
  EXPECT_STREQ(egkb_meaning(nullptr, 0), "unknown");
  egkb_close(nullptr);
  // And the table still answers.
  EXPECT_EQ(egkb_probe_material(t.get(), "KRvK"), 0);
}

}  // namespace
}  // namespace egkb::test
