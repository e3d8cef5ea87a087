// The UCI driver against a fake engine that misbehaves on request (tests/engine/fake_engine.py):
// a crash, a hang, garbage and slowness each cost at most a restart, a retry and the material
// they hit, and each restart is recorded; every other material is searched. An engine that
// fills its socket is read as it writes, and a signal stops the search at once.
#include "engine/uci_engine.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "base/errors.h"
#include "engine/evidence_jobs.h"
#include "engine/material_search.h"

namespace egkb {
namespace {

const std::string kFake = EGKB_FAKE_ENGINE;
// Long enough that the fake engine's immediate answers arrive in time on a loaded CI machine
// under the sanitizers (0.5 s and 2 s once did not); a hang costs two of it.
constexpr std::chrono::milliseconds kHangTimeout{3000};

// Sets the fake engine's behaviour for one test; the variables go when the test ends.
class FakeEngineTest : public ::testing::Test {
 protected:
  void TearDown() override {
    for (const char* v :
         {"FAKE_ENGINE_CRASH_AT", "FAKE_ENGINE_HANG_ON", "FAKE_ENGINE_GARBAGE_ON",
          "FAKE_ENGINE_SLOW_MS", "FAKE_ENGINE_NAME", "FAKE_ENGINE_LOG", "FAKE_ENGINE_OUT_OF_TURN",
          "FAKE_ENGINE_STARTS", "FAKE_ENGINE_INFO_BYTES"}) {
      unsetenv(v);
    }
  }
  static void set(const char* name, const std::string& value) { setenv(name, value.c_str(), 1); }

  static EngineSetup setup(std::chrono::milliseconds search_timeout = std::chrono::seconds(20)) {
    EngineSetup s;
    s.program = kFake;
    s.variant = "xiangqi";
    s.search_timeout = search_timeout;
    return s;
  }
  static EvidenceSettings settings(uint32_t positions) {
    EvidenceSettings s;
    s.budget = {SearchBudget::Kind::Depth, 1};
    s.positions = positions;
    s.sequential = false;
    return s;
  }
  static Material material(const char* text) { return parse_material(text, PieceSet::xiangqi()); }
};

// A position read from a FEN of single-digit gaps (xiangqi's and chess's), its pieces written
// with their canonical letters: the test's own reading, checked against the rules' writing.
Position read_fen(const GameRules& rules, const std::string& fen) {
  Position p = rules.empty_position(fen.find(" w ") != std::string::npos ? Side::Red : Side::Black);
  int rank = rules.ranks() - 1, file = 0;
  for (const char c : fen.substr(0, fen.find(' '))) {
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '9') {
      file += c - '0';
    } else {
      p.put({file++, rank}, c);
    }
  }
  EXPECT_EQ(rules.fen(p), fen);
  return p;
}

Position xiangqi(const std::string& fen) {
  return read_fen(xiangqi_rules(), fen);
}

// The lines of a file, e.g. the fake engine's log of FENs or of its starts.
std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Whether process `pid` has ended and waits to be reaped (its state in /proc is Z).
bool ended(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t name_end = stat.rfind(')');
  return name_end != std::string::npos && stat.substr(name_end + 2, 1) == "Z";
}

// A score and the line printed with it, as answer_of_info reads them.
EngineAnswer answer(EngineScore::Kind kind, int value, std::string pv = "") {
  return {{kind, value}, std::move(pv)};
}

TEST(AnswerOfInfo, ReadsCentipawnsAndMatesAndSkipsBoundsAndOtherLines) {
  using Kind = EngineScore::Kind;
  EXPECT_EQ(answer_of_info("info depth 8 seldepth 9 multipv 1 score cp 504 nodes 17756 pv e1e2"),
            answer(Kind::Centipawns, 504, "e1e2"));
  EXPECT_EQ(answer_of_info("info depth 14 score mate -3 nodes 238"), answer(Kind::Mate, -3));
  EXPECT_EQ(answer_of_info("info depth 9 score cp 30 lowerbound nodes 1 pv a1a2"), std::nullopt);
  EXPECT_EQ(answer_of_info("info depth 9 multipv 2 score cp 30 nodes 1"), std::nullopt);
  EXPECT_EQ(answer_of_info("info string score cp 10"), std::nullopt);
  EXPECT_EQ(answer_of_info("info depth 3 pv e2e4 e7e5"), std::nullopt);
  EXPECT_EQ(answer_of_info("bestmove e2e4"), std::nullopt);
  EXPECT_THROW(answer_of_info("info depth 1 score cp twelve"), EngineFault);
  EXPECT_THROW(answer_of_info("info depth 1 score points 3"), EngineFault);
}

TEST(AnswerOfInfo, KeepsTheFirstSixteenMovesOfThePvAndStopsWhereAWordIsNoMove) {
  using Kind = EngineScore::Kind;
  // Xiangqi's ranks run to 10; chess promotes with a letter.
  EXPECT_EQ(answer_of_info("info depth 2 score cp 7 pv a10a9   e7e8q"),
            answer(Kind::Centipawns, 7, "a10a9 e7e8q"));
  std::string line = "info depth 30 score mate 12 pv";
  std::string kept;
  for (int i = 1; i <= 20; ++i) {
    const std::string move = fmt::format("a{}b{}", i, i);
    line += " " + move;
    if (i <= 16) kept += (i > 1 ? " " : "") + move;
  }
  EXPECT_EQ(answer_of_info(line), answer(Kind::Mate, 12, kept));
  EXPECT_EQ(pv_moves(kept).size(), kPvMovesKept);
  EXPECT_EQ(answer_of_info("info depth 2 score cp 7 pv e2e4 \x1b[31m e7e5"),
            answer(Kind::Centipawns, 7, "e2e4"));
  EXPECT_EQ(answer_of_info("info depth 2 score cp 7 pv"), answer(Kind::Centipawns, 7));
}

TEST(ReadsAsPv, AtMostSixteenMovesOneSpaceApart) {
  EXPECT_TRUE(reads_as_pv(""));
  EXPECT_TRUE(reads_as_pv("e2e4 e7e5 a10a9"));
  EXPECT_FALSE(reads_as_pv("e2e4  e7e5"));
  EXPECT_FALSE(reads_as_pv(" e2e4"));
  EXPECT_FALSE(reads_as_pv("e2e4 "));
  EXPECT_FALSE(reads_as_pv("e2e4 <b>"));
  std::string seventeen = "e2e4";
  for (int i = 0; i < 16; ++i) seventeen += " e2e4";
  EXPECT_FALSE(reads_as_pv(seventeen));
  EXPECT_TRUE(reads_as_pv(seventeen.substr(5)));
  EXPECT_EQ(pv_moves("e2e4 a10a9"), (std::vector<std::string>{"e2e4", "a10a9"}));
}

TEST(MovesSideToMove, AMoveStartsOnAPieceOfTheSideToMove) {
  EXPECT_TRUE(moves_side_to_move(xiangqi("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"), "e2e9"));
  EXPECT_TRUE(moves_side_to_move(xiangqi("3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1"), "d10e10"));
  EXPECT_FALSE(moves_side_to_move(xiangqi("3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1"), "e2e9"));
  EXPECT_FALSE(moves_side_to_move(xiangqi("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"), "a1a2"));
  EXPECT_FALSE(moves_side_to_move(xiangqi("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"), "e11e10"));
  const Position chess = read_fen(chess_rules(), "8/r7/8/3R4/8/8/7P/1K4k1 w - - 0 1");
  EXPECT_TRUE(moves_side_to_move(chess, "h2h4"));
  EXPECT_FALSE(moves_side_to_move(chess, "a7a1"));
  EXPECT_FALSE(moves_side_to_move(chess, "i2i3"));
  EXPECT_FALSE(moves_side_to_move(read_fen(chess_rules(), "8/8/8/8/8/8/8/K6k w - - 0 1"), "z9z9"));
}

TEST_F(FakeEngineTest, QueuedSearchesAnswerInTheOrderStarted) {
  UciEngine engine(setup());
  engine.new_game();
  const std::vector<std::string> fens = {"3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
                                         "3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1",
                                         "3k5/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1"};
  for (const std::string& fen : fens) engine.start(xiangqi(fen), xiangqi_rules(), {});
  EXPECT_EQ(engine.in_flight(), 3u);
  EXPECT_EQ(engine.next_answer().score.value, 900);
  EXPECT_EQ(engine.next_answer().score.value, -900);
  EXPECT_EQ(engine.next_answer().score.value, 400);
  EXPECT_EQ(engine.in_flight(), 0u);
}

// CI once failed a material that way: the engine died on a queued search while more were still
// being queued, and the failed write was blamed on the first position, which it had answered.
TEST_F(FakeEngineTest, AnEngineThatDiesWhileSearchesAreQueuedIsBlamedForThePositionItDiedOn) {
  set("FAKE_ENGINE_CRASH_AT", "3");
  const std::string starts = ::testing::TempDir() + "fake_engine_starts";
  std::remove(starts.c_str());
  set("FAKE_ENGINE_STARTS", starts);
  UciEngine engine(setup());
  engine.new_game();
  const Position position = xiangqi("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
  for (int i = 0; i < 3; ++i) engine.start(position, xiangqi_rules(), {});
  // Two answers given, dead on the third: wait until it is.
  ASSERT_EQ(lines_of(starts).size(), 1u);
  while (!ended(lines_of(starts)[0])) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_NO_THROW(engine.start(position, xiangqi_rules(), {}));
  EXPECT_EQ(engine.next_answer().score.value, 900);
  EXPECT_EQ(engine.next_answer().score.value, 900);
  try {
    engine.next_answer();
    ADD_FAILURE() << "the third search was answered";
  } catch (const EngineFault& fault) {
    EXPECT_NE(std::string(fault.what()).find("killed by signal 11"), std::string::npos)
        << fault.what();
  }
}

TEST_F(FakeEngineTest, AnEngineThatMixesQueuedPositionsUpIsGivenOneAtATime) {
  EngineSlot plain(setup());
  const MaterialEvidence expected =
      search_material(plain, material("KRKNMM"), PieceSet::xiangqi(), settings(20));
  set("FAKE_ENGINE_OUT_OF_TURN", "1");
  EngineSlot mixed(setup());
  const MaterialEvidence got =
      search_material(mixed, material("KRKNMM"), PieceSet::xiangqi(), settings(20));
  EXPECT_EQ(got.failure, "");
  EXPECT_EQ(mixed.queued(), 1u);
  EXPECT_EQ(got.scores, expected.scores);
}

// The fake engine counts material (a guard 200 cp, a minister 300, a pawn 150): a cannon with
// guards and ministers against two ministers scores 850 cp everywhere, 700 from its bias of
// 150; two pawns against two guards -100, 250 from their bias of -350. The counts and the early
// read each score from its material's bias.
TEST_F(FakeEngineTest, EachMaterialsScoresAreReadFromItsBias) {
  EngineSlot slot(setup());
  EvidenceSettings s = settings(16);
  s.threshold = 750;  // a win from 0, a draw from the bias
  const MaterialEvidence fortress =
      search_material(slot, material("KCGGMMKMM"), PieceSet::xiangqi(), s);
  ASSERT_EQ(fortress.failure, "");
  EXPECT_EQ(fortress.scores.size(), 16u);
  EXPECT_EQ(fortress.counts, (ResultCounts{0, 16, 0}));
  s.threshold = 200;  // a draw from 0, a win from the bias
  const MaterialEvidence pawns = search_material(slot, material("KPPKGG"), PieceSet::xiangqi(), s);
  ASSERT_EQ(pawns.failure, "");
  EXPECT_EQ(pawns.counts, (ResultCounts{16, 0, 0}));
}

TEST_F(FakeEngineTest, TheHandshakeRecordsTheEnginesNameAndASearchGivesItsScore) {
  set("FAKE_ENGINE_NAME", "Fake 2.5");
  UciEngine engine(setup());
  EXPECT_EQ(engine.name(), "Fake 2.5");
  engine.new_game();
  const EngineAnswer a =
      engine.search(xiangqi("3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1"), xiangqi_rules(), {});
  // The fake engine's line: each king standing still, black's first (black is to move).
  EXPECT_EQ(a, answer(EngineScore::Kind::Centipawns, -900, "d10d10 e1e1"));
}

// The line kept is the one printed with the score kept: the last info line's, not the earlier.
TEST_F(FakeEngineTest, TheLineKeptIsTheOnePrintedWithTheLastScore) {
  set("FAKE_ENGINE_INFO_BYTES", "2000");  // earlier lines, each with a pv of 32 moves a1a2 a2a1
  set("FAKE_ENGINE_PV_MOVES", "3");
  UciEngine engine(setup());
  engine.new_game();
  EXPECT_EQ(engine.search(xiangqi("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"), xiangqi_rules(), {}).pv,
            "e1e1 d10d10 e1e1");
}

TEST_F(FakeEngineTest, AnEngineThatPrintsNoLineIsAnsweredWithAnEmptyOne) {
  set("FAKE_ENGINE_PV_MOVES", "0");
  EngineSlot slot(setup());
  const MaterialEvidence got =
      search_material(slot, material("KRKNMM"), PieceSet::xiangqi(), settings(6));
  EXPECT_EQ(got.failure, "");
  EXPECT_EQ(got.scores.size(), 6u);
  EXPECT_EQ(got.pvs, std::vector<std::string>(6));
}

TEST_F(FakeEngineTest, AnEngineWithoutTheVariantIsRefusedAsTheUsersInput) {
  EngineSetup s = setup();
  s.variant = "shogi";
  EXPECT_THROW(UciEngine{s}, InputError);
}

TEST_F(FakeEngineTest, AProgramThatCannotBeRunIsSaidSo) {
  const std::string script = ::testing::TempDir() + "no_interpreter.sh";
  std::ofstream(script) << "#!/nonexistent/interpreter\n";
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  for (const std::string& program :
       {std::string("/nonexistent/engine"), script, ::testing::TempDir()}) {
    EngineSetup s = setup();
    s.program = program;
    EXPECT_THROW(UciEngine{s}, ProgramNotRunnable) << program;
  }
}

// Each process the fake engine runs as dies on its third search: every restart is recorded,
// one for each process started after the first, and no score is lost.
TEST_F(FakeEngineTest, ACrashOnTheThirdPositionRestartsTheEngineRecordsItAndLosesNothing) {
  set("FAKE_ENGINE_CRASH_AT", "3");
  const std::string starts = ::testing::TempDir() + "fake_engine_starts";
  std::remove(starts.c_str());
  set("FAKE_ENGINE_STARTS", starts);
  EngineSlot slot(setup());
  const MaterialEvidence e =
      search_material(slot, material("KRKGG"), PieceSet::xiangqi(), settings(12));
  EXPECT_EQ(e.failure, "");
  EXPECT_EQ(e.scores.size(), 12u);
  EXPECT_EQ(e.counts.wins, 12u);  // a rook against two guards: +5 points, 500 cp
  EXPECT_EQ(e.restarts.size(), lines_of(starts).size() - 1);
  ASSERT_FALSE(e.restarts.empty());
  EXPECT_EQ(e.restarts[0].rfind("position 2 (", 0), 0u) << e.restarts[0];
  EXPECT_NE(e.restarts[0].find("): the engine was killed by signal 11"), std::string::npos)
      << e.restarts[0];
}

TEST_F(FakeEngineTest, AHangPastTheTimeoutFailsTheMaterialWithTheReasonAndNeverHangs) {
  set("FAKE_ENGINE_HANG_ON", "C");
  EngineSlot slot(setup(kHangTimeout));
  const auto start = std::chrono::steady_clock::now();
  const MaterialEvidence e =
      search_material(slot, material("KCKGG"), PieceSet::xiangqi(), settings(8));
  EXPECT_LT(std::chrono::steady_clock::now() - start, 3 * kHangTimeout);
  EXPECT_NE(e.failure.find("position 0"), std::string::npos) << e.failure;
  EXPECT_NE(e.failure.find("gave no bestmove within 3 s; started again, it gave no bestmove"),
            std::string::npos)
      << e.failure;
  EXPECT_TRUE(e.scores.empty());
}

TEST_F(FakeEngineTest, GarbageFailsTheMaterialNamingWhatWasPrinted) {
  set("FAKE_ENGINE_GARBAGE_ON", "N");
  EngineSlot slot(setup());
  const MaterialEvidence e =
      search_material(slot, material("KNKGG"), PieceSet::xiangqi(), settings(4));
  // The engine's bytes escaped once, as in_quotes writes them.
  EXPECT_NE(e.failure.find("printed a score that does not read: 'info depth 1 score cp "
                           "1\\x1B[31m\\x00\\xFF nodes 1'"),
            std::string::npos)
      << e.failure;
}

TEST_F(FakeEngineTest, KnownScoresAreContinuedFromNotSearchedAgain) {
  const std::string log = ::testing::TempDir() + "fake_engine_log";
  std::remove(log.c_str());
  set("FAKE_ENGINE_LOG", log);
  EngineSlot slot(setup());
  const MaterialEvidence whole =
      search_material(slot, material("KRKNMM"), PieceSet::xiangqi(), settings(6));
  const std::vector<EngineScore> first(whole.scores.begin(), whole.scores.begin() + 4);
  const MaterialEvidence resumed =
      search_material(slot, material("KRKNMM"), PieceSet::xiangqi(), settings(6), first,
                      {whole.pvs.begin(), whole.pvs.begin() + 4});
  EXPECT_EQ(resumed.scores, whole.scores);
  EXPECT_EQ(resumed.pvs, whole.pvs);
  std::ifstream in(log);
  int searched = 0;
  for (std::string line; std::getline(in, line);) ++searched;
  EXPECT_EQ(searched, 6 + 2);
  // Scores kept without their lines (a row from before lines were kept) have none; the positions
  // searched now have theirs.
  const MaterialEvidence old =
      search_material(slot, material("KRKNMM"), PieceSet::xiangqi(), settings(6), first);
  ASSERT_EQ(old.pvs.size(), 6u);
  EXPECT_EQ(old.pvs[3], "");
  EXPECT_EQ(old.pvs[4], whole.pvs[4]);
  EXPECT_EQ(pv_moves(whole.pvs[4]).size(), 2u);
}

TEST_F(FakeEngineTest, ManyJobsSearchEveryMaterialAndAHangingOneFailsAlone) {
  set("FAKE_ENGINE_HANG_ON", "C");
  set("FAKE_ENGINE_CRASH_AT", "5");
  std::vector<EvidenceTask> tasks;
  for (const char* m : {"KRK", "KNK", "KCK", "KPK", "KRKG", "KNKM", "KRRK", "KNNKGG"}) {
    tasks.push_back({material(m), {}, {}});
  }
  std::set<std::string> seen;
  std::map<std::string, std::string> failed;  // material → reason, printed when it is not KCK's
  gather_evidence(setup(kHangTimeout), PieceSet::xiangqi(), settings(6), tasks, 3,
                  [&](MaterialEvidence&& e) {
                    const std::string m = format_material(e.material, PieceSet::xiangqi());
                    seen.insert(m);
                    if (!e.failure.empty())
                      failed[m] = e.failure;
                    else
                      EXPECT_EQ(e.scores.size(), 6u) << m;
                  });
  EXPECT_EQ(seen.size(), 8u);
  ASSERT_TRUE(failed.contains("KCK"));
  failed.erase("KCK");
  EXPECT_TRUE(failed.empty()) << failed.begin()->first << ": " << failed.begin()->second;
}

TEST_F(FakeEngineTest, AnExceptionWhileTakingAResultStopsTheJobsAndIsRethrown) {
  std::vector<EvidenceTask> tasks(20, EvidenceTask{material("KRK"), {}, {}});
  int taken = 0;
  EXPECT_THROW(gather_evidence(setup(), PieceSet::xiangqi(), settings(2), tasks, 2,
                               [&](MaterialEvidence&&) {
                                 ++taken;
                                 throw IoError("disk full");
                               }),
               IoError);
  EXPECT_EQ(taken, 1);
}

}  // namespace
}  // namespace egkb
