// Assignment, a lead's settlement and the answers kept, against cases worked by hand.
#include "review/adjudication.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "tests/review/drafted_batch.h"

namespace egkb {
namespace {

using test::batch_of;
using test::draft;

TEST(Assignment, EachReviewerGetsTheirShareAndEveryPairSharesRows) {
  const std::vector<std::string> names = {"a", "b", "c", "d", "e"};
  for (std::size_t overlap = 1; overlap <= names.size(); ++overlap) {
    for (std::size_t rows : {0u, 1u, 7u, 40u, 478u}) {
      const auto assigned = assign_rows(rows, names, overlap);
      ASSERT_EQ(assigned.size(), rows);
      std::map<std::string, std::size_t> load;
      std::set<std::pair<std::string, std::string>> pairs;
      for (const auto& row : assigned) {
        ASSERT_EQ(row.size(), overlap);
        EXPECT_EQ(std::set<std::string>(row.begin(), row.end()).size(), overlap) << "distinct";
        for (const auto& x : row) {
          ++load[x];
          for (const auto& y : row) {
            if (x < y) pairs.emplace(x, y);
          }
        }
      }
      for (const auto& name : names) {
        const double share = static_cast<double>(rows * overlap) / names.size();
        EXPECT_LE(std::abs(static_cast<double>(load[name]) - share), 1.0) << name;
      }
      if (overlap >= 2 && rows >= 40) {
        EXPECT_EQ(pairs.size(), 10u) << overlap;
      }
    }
  }
}

TEST(Settle, TheLeadsAnswerWinsAgreementSettlesAndDisagreementStaysOpen) {
  const Batch b = batch_of({1, 3, 3, 4, 6});
  const std::vector<Draft> drafts = {
      draft(0, "alice", "1"),       draft(0, "bob", "ok"),          // ok is the 1 drawn
      draft(1, "alice", "3"),       draft(1, "carol", "2"),         // open
      draft(2, "bob", "4", "slow"), draft(2, "carol", "4", "yes"),  // agree, notes joined
      draft(3, "alice", "0"),       draft(3, "bob", "9"),          draft(3, "lead", "5", "mine"),
      // row 4: nobody answered
  };
  const Settlement s = settle(b, drafts, "lead", PieceSet::xiangqi());
  ASSERT_EQ(s.sheet.rows.size(), 3u);
  EXPECT_EQ(s.sheet.rows[0].line, 2u);
  EXPECT_EQ(s.sheet.rows[0].verdict.score_given(Score(1)), Score(1));
  EXPECT_EQ(s.sheet.rows[1].line, 4u);
  EXPECT_EQ(s.sheet.rows[1].verdict, Verdict::of(Score(4)));
  EXPECT_EQ(s.sheet.rows[1].note, "bob: slow; carol: yes");
  EXPECT_EQ(s.sheet.rows[2].line, 5u);
  EXPECT_EQ(s.sheet.rows[2].verdict, Verdict::of(Score(5)));
  EXPECT_EQ(s.sheet.rows[2].note, "mine");
  ASSERT_EQ(s.unsettled.size(), 1u);
  EXPECT_EQ(s.unsettled[0].item, 1u);
  EXPECT_EQ(s.unsettled[0].answers.size(), 2u);
}

TEST(Answers, DraftsAndTimesMergeAndReadAsOneCell) {
  Draft skip = draft(0, "alice", "none");
  skip.state.skipped = true;
  const std::vector<Draft> drafts = {draft(0, "bob", "ok", "a, b; \"c\""), skip};
  const std::vector<RowTime> times = {{Key(10), "alice", 2.4}, {Key(11), "carol", 7.6}};
  const std::vector<ReviewerAnswer> answers = answers_of_drafts(drafts, times);
  ASSERT_EQ(answers.size(), 3u);
  EXPECT_EQ(answers[0].reviewer, "alice");
  EXPECT_TRUE(answers[0].skipped);
  EXPECT_EQ(answers[2].reviewer, "carol");  // time on a row without an answer is kept too
  EXPECT_FALSE(answers[2].verdict);
  EXPECT_EQ(answers_text({&answers[0], &answers[1]}),
            "alice: skip, 2 s; bob: ok, \"a, b; \\\"c\\\"\"");
  EXPECT_EQ(answers_text({&answers[2]}), "carol: 8 s");
}

}  // namespace
}  // namespace egkb
