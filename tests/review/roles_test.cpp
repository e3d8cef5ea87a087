// The review app's policy without HTTP, against cases worked by hand: who may change a row and
// who submits (review/roles.h), what a submit from drafts is refused for (review/submit_drafts.h),
// and what each row of the batch's JSON says of it (review/batch_json.h).
#include "review/roles.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "review/adjudication.h"
#include "review/batch_json.h"
#include "review/faults.h"
#include "review/submit_drafts.h"
#include "tests/review/drafted_batch.h"

namespace egkb {
namespace {

using test::batch_of;
using test::draft;

// Four rows, each assigned two of alice, bob and carol (assign_rows' order), and a lead.
const ReviewRoles kTeam{"lead", {"alice", "bob", "carol"}, 2};

TEST(Roles, AReviewerChangesTheRowsAssignedToThemAndTheLeadAny) {
  const Batch b = batch_of({1, 3, 3, 4});
  const PieceSet& pieces = PieceSet::xiangqi();
  // Row 0 is alice's and bob's, row 1 carol's and alice's (LeadApiTest checks the split).
  EXPECT_NO_THROW(require_assigned(kTeam, b, Key(10), "alice", pieces));
  EXPECT_NO_THROW(require_assigned(kTeam, b, Key(10), "lead", pieces));
  try {
    require_assigned(kTeam, b, Key(10), "carol", pieces);
    FAIL() << "carol changed a row of alice's and bob's";
  } catch (const RoleError& e) {
    EXPECT_EQ(e.line(), 2u);
    EXPECT_NE(e.message().find("is assigned to alice and bob, not to carol"), std::string::npos)
        << e.message();
  }
  EXPECT_NO_THROW(require_assigned({}, b, Key(10), "carol", pieces)) << "nothing assigned";
  EXPECT_NO_THROW(require_assigned(kTeam, b, Key(99), "carol", pieces)) << "not drawn";
  EXPECT_EQ(kTeam.answerers({"alice", "bob"}), (std::vector<std::string>{"alice", "bob", "lead"}));
  EXPECT_EQ(ReviewRoles{}.answerers({}), std::nullopt);
  EXPECT_THROW(require_submitter(kTeam, BatchId(1), "alice"), RoleError);
  EXPECT_NO_THROW(require_submitter(kTeam, BatchId(1), "lead"));
  EXPECT_NO_THROW(require_submitter({}, BatchId(1), "alice"));
}

TEST(Settled, TheLeadsAnswerOrAgreementSettlesARow) {
  const auto answers = [](std::vector<std::pair<std::string, const char*>> list) {
    std::map<std::string, Verdict> m;
    for (const auto& [name, v] : list) m.emplace(name, *Verdict::parse(v));
    return m;
  };
  const std::optional<std::string> lead = "lead";
  EXPECT_FALSE(answers_differ(Score(1), answers({{"a", "1"}, {"b", "ok"}})));  // ok: the 1 drawn
  EXPECT_TRUE(answers_differ(Score(1), answers({{"a", "2"}, {"b", "ok"}})));
  EXPECT_TRUE(answers_differ(Score(4), answers({{"a", "4"}, {"b", "5"}})));  // one rank, two scores
  EXPECT_FALSE(is_settled(Score(3), {}, lead));
  EXPECT_TRUE(is_settled(Score(3), answers({{"a", "3"}, {"b", "ok"}}), lead));
  EXPECT_FALSE(is_settled(Score(3), answers({{"a", "3"}, {"b", "2"}}), lead));
  EXPECT_TRUE(is_settled(Score(3), answers({{"a", "3"}, {"b", "2"}, {"lead", "2"}}), lead));
  EXPECT_FALSE(is_settled(Score(3), answers({{"a", "3"}, {"b", "2"}}), std::nullopt));
}

// The lines a refusal names, every one of them: what the app's filter of refused rows shows.
std::vector<std::size_t> refused_lines(const std::function<void()>& submit) {
  try {
    submit();
  } catch (const RowsRefused& e) {
    return e.lines();
  }
  return {};
}

TEST(SubmitDrafts, DisputesAreRefusedNamingEveryRow) {
  const Batch b = batch_of({1, 3, 3, 4, 6});
  const PieceSet& pieces = PieceSet::xiangqi();
  const std::vector<Draft> drafts = {
      draft(0, "alice", "1"), draft(0, "bob", "ok"),  // agree
      draft(1, "alice", "3"), draft(1, "bob", "2"),   // differ
      draft(3, "alice", "0"), draft(3, "bob", "9"),   // differ
      draft(4, "bob", "6"),
  };
  const ReviewRoles alone;
  EXPECT_EQ(refused_lines([&] { sheet_to_submit(b, drafts, "alice", alone, false, pieces); }),
            (std::vector<std::size_t>{3, 5}));
  EXPECT_EQ(sheet_to_submit(b, drafts, "alice", alone, true, pieces).rows.size(), 3u);
  const ReviewRoles led{"lead", {}, 0};
  EXPECT_EQ(refused_lines([&] { sheet_to_submit(b, drafts, "lead", led, true, pieces); }),
            (std::vector<std::size_t>{3, 5}))
      << "no choice lets a lead submit a row unsettled";
  std::vector<Draft> settled = drafts;
  settled.push_back(draft(1, "lead", "2"));
  settled.push_back(draft(3, "lead", "5"));
  const FilledSheet sheet = sheet_to_submit(b, settled, "lead", led, false, pieces);
  ASSERT_EQ(sheet.rows.size(), 4u);
  EXPECT_EQ(sheet.rows[1].verdict, Verdict::of(Score(2)));
  try {
    sheet_to_submit(b, {}, "carol", alone, false, pieces);
    FAIL() << "a sheet of no row was submitted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.message(), "carol has answered no row of batch 1");
  }
}

TEST(BatchJson, EachRowSaysWhatTheRulesDecideOfIt) {
  const Batch b = batch_of({1, 3, 3, 4});
  Draft skipped = draft(2, "alice", "none");
  skipped.state.skipped = true;
  const std::vector<Draft> drafts = {draft(0, "alice", "1"), draft(0, "bob", "ok", "same"),
                                     draft(1, "carol", "2"), draft(1, "alice", "3"),
                                     draft(3, "lead", "5"),  skipped};
  const std::vector<DraftRevision> revisions = {{Key(11), "carol", 7}};
  KnowledgeBase kb;
  kb.rows.push_back({Key(10), Score(1), Source::Manual, false, std::nullopt, 0});
  const std::unordered_map<Key, Score> original = {{Key(10), Score(2)}};
  const std::optional<BatchImport> import;
  const BatchJson json({b, drafts, revisions, kb, original, import, kTeam, PieceSet::xiangqi()});
  const nlohmann::ordered_json all = json.batch();
  EXPECT_EQ(all["reviewers"], nlohmann::ordered_json({"alice", "bob", "carol", "lead"}));
  EXPECT_EQ(all["meanings"].size(), 10u);
  const auto& items = all["items"];
  ASSERT_EQ(items.size(), 4u);
  EXPECT_EQ(items[0], json.item(0));
  EXPECT_EQ(items[0]["line"], 2);
  EXPECT_EQ(items[0]["scores"], nlohmann::ordered_json({{"alice", 1}, {"bob", 1}}));
  EXPECT_EQ(items[0]["disagree"], false);
  EXPECT_EQ(items[0]["settled"], true);
  EXPECT_EQ(items[0]["now"]["score"], 1);
  EXPECT_EQ(items[0]["original"], 2);
  EXPECT_EQ(items[0]["notes"], nlohmann::ordered_json({{"bob", "same"}}));
  EXPECT_EQ(items[0]["answerers"], nlohmann::ordered_json({"alice", "bob", "lead"}));
  EXPECT_EQ(items[1]["disagree"], true);
  EXPECT_EQ(items[1]["settled"], false);
  EXPECT_EQ(items[1]["revisions"], nlohmann::ordered_json({{"carol", 7}}));
  EXPECT_EQ(items[2]["skipped"], nlohmann::ordered_json({"alice"}));
  EXPECT_EQ(items[2]["settled"], false) << "nobody answered it";
  EXPECT_TRUE(items[2]["now"].is_null());
  EXPECT_EQ(items[3]["settled"], true) << "the lead answered it";
  EXPECT_EQ(json.index_of(Key(13)), 3u);
  EXPECT_EQ(json.index_of(Key(99)), std::nullopt);
}

// A blind review: bob answered row 0 and sees alice's answer and note there; row 1 he has only
// noted and row 2 only skipped, so alice's drafts of them stay hidden; the lead sees all.
TEST(Blind, AReviewerSeesOthersDraftsOfARowOnlyAfterAnsweringIt) {
  ReviewRoles blind = kTeam;
  blind.blind = true;
  Draft skipped = draft(2, "bob", "none");
  skipped.state.skipped = true;
  const std::vector<Draft> drafts = {
      draft(0, "alice", "1", "why"),     draft(0, "bob", "2"),   draft(1, "alice", "3", "hers"),
      draft(1, "bob", "none", "a note"), draft(2, "alice", "4"), skipped};
  const auto seen = [&](const ReviewRoles& roles, const std::optional<std::string>& viewer) {
    std::vector<std::string> rows;
    for (const Draft& d : drafts_seen_by(roles, drafts, viewer))
      rows.push_back(fmt::format("{}:{}", d.key - 10, d.reviewer));
    return rows;
  };
  using Rows = std::vector<std::string>;
  EXPECT_EQ(seen(blind, "bob"), (Rows{"0:alice", "0:bob", "1:bob", "2:bob"}));
  EXPECT_EQ(seen(blind, "alice").size(), drafts.size()) << "alice answered every row";
  EXPECT_EQ(seen(blind, "lead").size(), drafts.size());
  EXPECT_EQ(seen(blind, std::nullopt), Rows{}) << "a request naming nobody sees nobody's";
  EXPECT_EQ(seen(kTeam, "bob").size(), drafts.size()) << "not blind";
  EXPECT_EQ(seen(kTeam, std::nullopt).size(), drafts.size());

  const std::vector<DraftRevision> revisions = {
      {Key(10), "alice", 3}, {Key(11), "alice", 4}, {Key(11), "bob", 5}};
  const auto kept = revisions_seen_by(blind, drafts, revisions, "bob");
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[0].revision, 3);
  EXPECT_EQ(kept[1].revision, 5);
}

}  // namespace
}  // namespace egkb
