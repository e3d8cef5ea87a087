#include "io/csv.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <sstream>

#include "base/errors.h"
#include "base/text.h"
#include "io/csv_reader.h"
#include "lattice/material.h"
#include "tests/support/xiangqi.h"

namespace egkb {
namespace {

using test::key;
using test::xq;

KnowledgeBase parse(std::string_view text, CsvOptions options = {}) {
  return parse_csv(text, "kb.csv", options);
}

// The error a CSV text raises, as "line field: message".
InputError error_of(std::string_view text, CsvOptions options = {}) {
  try {
    parse(text, options);
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return InputError("", 0, "", "");
}

TEST(Csv, ReadsRowsWithOptionalColumnsAndIgnoresOthers) {
  const KnowledgeBase kb = parse(
      "material,comment,score,source,invariable,weight\n"
      "KRKNMM,\"mostly a win, says the book\",1,manual,0,2.5\n"
      "KHPKGM,,0,,yes,\n"
      "\n"
      "KPPKGM,x,5,expert,,\r\n");
  ASSERT_EQ(kb.rows.size(), 3u);
  EXPECT_EQ(kb.rows[0].key, key("KRKNMM"));
  EXPECT_EQ(value(kb.rows[0].score), 1);
  EXPECT_EQ(kb.rows[0].source, Source::Manual);
  EXPECT_FALSE(kb.rows[0].invariable);
  EXPECT_EQ(kb.rows[0].weight, 2.5);
  EXPECT_EQ(kb.rows[1].source, Source::Generated);
  EXPECT_TRUE(kb.rows[1].invariable);
  EXPECT_FALSE(kb.rows[1].weight.has_value());
  EXPECT_EQ(kb.rows[2].line, 5u);
  EXPECT_TRUE(kb.rows[2].invariable) << "expert rows are invariable";
}

TEST(Csv, OptionsSetDefaultSourceAndInvariable) {
  CsvOptions options;
  options.default_source = Source::Manual;
  options.all_invariable = true;
  const KnowledgeBase kb = parse("material,score\nKRK,0\n", options);
  EXPECT_EQ(kb.rows[0].source, Source::Manual);
  EXPECT_TRUE(kb.rows[0].invariable);
}

TEST(Csv, BadRowsNameTheLineAndField) {
  struct Case {
    const char* text;
    std::size_t line;
    const char* field;
    const char* says;
  };
  const Case cases[] = {
      {"", 1, "header", "empty"},
      {"mat,score\nKRK,0\n", 1, "header", "'material'"},
      {"material,score\nKRK,0\nKRXK,1\n", 3, "material", "column 3"},
      {"material,score\nKRK,0\nKNK,10\n", 3, "score", "0..9"},
      {"material,score\nKRK,-1\n", 2, "score", "'-1'"},
      {"material,score\nKRK\n", 2, "score", "missing"},
      {"material,score,source\nKRK,1,book\n", 2, "source",
       "manual, generated, expert, solved or implied"},
      {"material,score,invariable\nKRK,1,maybe\n", 2, "invariable", "'maybe'"},
      {"material,score,weight\nKRK,1,-3\n", 2, "weight", "from 0.001"},
      {"material,score,weight\nKRK,1,1e9\n", 2, "weight", "to 1000000"},
      {"material,score,weight\nKRK,1,nan\n", 2, "weight", "'nan'"},
      {"material,score,score\nKRK,1,1\n", 1, "score", "twice"},
      {"material,score\nKRK,0\nKNK,1\nKRK,2\n", 4, "material", "line 2"},
  };
  for (const Case& c : cases) {
    const InputError e = error_of(c.text);
    EXPECT_EQ(e.file(), "kb.csv") << c.text;
    EXPECT_EQ(e.line(), c.line) << c.text;
    EXPECT_EQ(e.field(), c.field) << c.text;
    EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
  }
}

TEST(Csv, DuplicatePolicies) {
  const char* text = "material,score\nKRK,0\nKNK,3\nKRK,2\nKHK,3\n";
  CsvOptions options;
  options.on_duplicate = DuplicatePolicy::First;
  EXPECT_EQ(value(parse(text, options).rows[0].score), 0);
  options.on_duplicate = DuplicatePolicy::Last;
  const KnowledgeBase last = parse(text, options);
  ASSERT_EQ(last.rows.size(), 2u);
  EXPECT_EQ(value(last.rows[0].score), 2);
  EXPECT_EQ(last.rows[0].line, 4u);
  // KHK is KNK spelled with the alias, with the same score: merged silently.
  EXPECT_EQ(parse("material,score\nKNK,3\nKHK,3\n").rows.size(), 1u);
  EXPECT_THROW(parse(text), InputError);
}

TEST(Csv, MirrorPairsAreTwoRowsNotDuplicates) {
  EXPECT_EQ(parse("material,score\nKRK,0\nKKR,9\n").rows.size(), 2u);
}

TEST(Csv, WrittenFilesReadBackEqual) {
  const KnowledgeBase kb = parse(
      "material,score,source,invariable,weight\nKRKNMM,1,manual,1,2.5\nKHPKGM,0,generated,0,\n");
  std::ostringstream out;
  write_csv(kb, out);
  const KnowledgeBase back = parse(out.str());
  ASSERT_EQ(back.rows.size(), kb.rows.size());
  for (std::size_t i = 0; i < kb.rows.size(); ++i) {
    EXPECT_EQ(back.rows[i].key, kb.rows[i].key);
    EXPECT_EQ(back.rows[i].score, kb.rows[i].score);
    EXPECT_EQ(back.rows[i].source, kb.rows[i].source);
    EXPECT_EQ(back.rows[i].invariable, kb.rows[i].invariable);
    EXPECT_EQ(back.rows[i].weight, kb.rows[i].weight);
  }
}

TEST(Csv, MissingFileIsAnInputError) {
  EXPECT_THROW(read_csv("/nonexistent/kb.csv", {}), InputError);
}

}  // namespace
}  // namespace egkb

namespace egkb {
namespace {

std::vector<std::vector<std::string>> records(std::string_view text) {
  CsvReader reader(ByteSource::memory(text, "r.csv"));
  std::vector<std::vector<std::string>> out;
  for (auto fields = reader.next(); !fields.empty(); fields = reader.next())
    out.emplace_back(fields.begin(), fields.end());
  return out;
}

using Records = std::vector<std::vector<std::string>>;

TEST(CsvReader, SplitsQuotesAndTrimsAsSpreadsheetsWrite) {
  EXPECT_EQ(records("a,b\n c , d \n"), (Records{{"a", "b"}, {"c", "d"}}));
  EXPECT_EQ(records("\"a, b\",\"say \"\"hi\"\"\"\n"), (Records{{"a, b", "say \"hi\""}}));
  EXPECT_EQ(records("\"two\nlines\",x\ny,z"), (Records{{"two\nlines", "x"}, {"y", "z"}}));
  EXPECT_EQ(records("a,b\r\n\r\n\n  \nc,\r\n"), (Records{{"a", "b"}, {"c", ""}}));
  EXPECT_EQ(records("\xEF\xBB\xBF"
                    "a,b\n"),
            (Records{{"a", "b"}}));
  EXPECT_EQ(records("\xEF\xBB\xBF"), Records{});
  EXPECT_EQ(records("\"\",\" kept \"\n"), (Records{{"", " kept "}}));
  EXPECT_EQ(records(""), Records{});
}

// UTF-16 as a spreadsheet or Notepad saves it: "material,score" with a NUL beside each letter.
std::string utf16(std::string_view ascii, bool little_endian) {
  std::string out;
  for (const char c : ascii) {
    out += little_endian ? std::string{c, '\0'} : std::string{'\0', c};
  }
  return out;
}

TEST(CsvReader, Utf16IsRefusedByItsName) {
  const std::string text = "material,score\nKRK,0\n";
  const struct {
    std::string bytes;
    const char* says;
  } cases[] = {
      {"\xFF\xFE" + utf16(text, true), "UTF-16 (little-endian, with a byte-order mark)"},
      {"\xFE\xFF" + utf16(text, false), "UTF-16 (big-endian, with a byte-order mark)"},
      {utf16(text, true), "UTF-16 (little-endian)"},
      {utf16(text, false), "UTF-16 (big-endian)"},
      {"\x25\x5E" + utf16(",0\n", true), "UTF-16 (little-endian)"},  // 帥 has no NUL
  };
  for (const auto& c : cases) {
    try {
      records(c.bytes);
      ADD_FAILURE() << c.says << " was read";
    } catch (const InputError& e) {
      EXPECT_EQ(e.message(),
                fmt::format("is {}; save it as UTF-8 (a spreadsheet's \"CSV UTF-8\")", c.says));
      EXPECT_EQ(e.line(), 0u);
    }
  }
  EXPECT_EQ(records("a,\u5E25\n"), (Records{{"a", "\u5E25"}})) << "UTF-8 is not UTF-16";
}

TEST(CsvReader, NamesTheLineOfAQuoteNeverClosed) {
  try {
    records("a,b\nc,\"d\ne,f\n");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 2u);
    EXPECT_EQ(e.field(), "column 2");
    EXPECT_NE(std::string(e.what()).find("never closed"), std::string::npos);
  }
}

TEST(CsvReader, RefusesARecordLongerThanItsCapWithoutBufferingIt) {
  const std::string huge = "a,b\n" + std::string(CsvReader::kMaxRecordBytes + 10, 'x') + "\n";
  try {
    records(huge);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 2u);
    EXPECT_LT(std::string(e.what()).size(), 200u);
  }
  EXPECT_EQ(records("a\n" + std::string(CsvReader::kMaxRecordBytes, 'x') + "\n").size(), 2u);
  EXPECT_THROW(records("\"" + std::string(CsvReader::kMaxRecordBytes, '\n') + "\"\n"), InputError)
      << "line ends inside quotes count";
  EXPECT_THROW(records(std::string(CsvReader::kMaxFields, ',') + "\n"), InputError);
  EXPECT_EQ(records(std::string(CsvReader::kMaxFields - 1, ',') + "\n").front().size(),
            CsvReader::kMaxFields);
}

TEST(CsvReader, QuotedFieldRoundTripsThroughTheWriter) {
  for (const std::string field : {"plain", "a, b", "say \"hi\"", "two\nlines", ""}) {
    EXPECT_EQ(records(csv_quoted(field) + ",x\n"), (Records{{field, "x"}})) << field;
  }
}

TEST(Text, QuotesAtMostTheLimitWithUnprintableBytesEscaped) {
  EXPECT_EQ(in_quotes("KRK"), "'KRK'");
  EXPECT_EQ(in_quotes(std::string("a\0b\x1b[31m", 8)), "'a\\x00b\\x1B[31m'");
  EXPECT_EQ(in_quotes("\xFF\xFE"), "'\\xFF\\xFE'");
  EXPECT_EQ(in_quotes("帥 ok"), "'帥 ok'") << "valid UTF-8 stays";
  EXPECT_EQ(in_quotes("\xE5\xB8"), "'\\xE5\\xB8'") << "a cut UTF-8 sequence is escaped";
  EXPECT_EQ(in_quotes(std::string(100, 'K')), "'" + std::string(80, 'K') + "...' (20 more bytes)");
  EXPECT_EQ(printable(std::string(3, 'x'), 2), "xx... (1 more bytes)");
  EXPECT_EQ(in_quotes("a\xC2\x9B"
                      "31m"),
            "'a\\xC2\\x9B31m'")
      << "C1 CSI, encoded in UTF-8";
  EXPECT_EQ(in_quotes("\xE2\x80\xAE"
                      "KRK"),
            "'\\xE2\\x80\\xAEKRK'")
      << "right-to-left override";
}

// A quote reads back one way only: the text `\xA2` and the byte 0xA2 are told apart, and a mark
// that would sit on the quote or on the letter before it is written out.
TEST(Text, QuotesBackslashesAndCombiningMarksEscaped) {
  EXPECT_EQ(in_quotes("\\xA2\xA2"), "'\\\\xA2\\xA2'");
  EXPECT_EQ(in_quotes("a\\b"), "'a\\\\b'");
  EXPECT_EQ(in_quotes("\u0301KRK"), "'\\u{0301}KRK'") << "a combining acute on the quote";
  EXPECT_EQ(in_quotes("K\u20DDK"), "'K\\u{20DD}K'") << "an enclosing circle";
  EXPECT_EQ(in_quotes("K\u200BK"), "'K\\u{200B}K'") << "a zero-width space";
  EXPECT_EQ(in_quotes("\U000E0100"), "'\\u{E0100}'") << "a variation selector beyond the BMP";
  EXPECT_EQ(in_quotes("\u00E9\u5E25"), "'\u00E9\u5E25'") << "precomposed and CJK stay";
  EXPECT_EQ(path_text("a\\b.csv"), "a\\\\b.csv") << "paths are shown as quotes are";
}

TEST(Text, PlainTextAllowsBackslashesAndMarksButNothingATerminalActsOn) {
  EXPECT_TRUE(is_plain_text("O\u0301scar \\ co", 100));
  EXPECT_FALSE(is_plain_text("a\tb", 100));
  EXPECT_FALSE(is_plain_text("\u202EKRK", 100));
  EXPECT_FALSE(is_plain_text("\xFF", 100));
  EXPECT_TRUE(is_plain_text("\u5E25\u5E25", 2));
  EXPECT_FALSE(is_plain_text("\u5E25\u5E25\u5E25", 2)) << "more characters than the limit";
}

}  // namespace
}  // namespace egkb
