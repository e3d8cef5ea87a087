// The one table of names per enum (base/name_table.h): found both ways, listed as the help and
// messages list them, and the tables of the lattice's enums against the names the store and the
// CSV have always held.
#include "base/name_table.h"

#include <gtest/gtest.h>

#include "base/errors.h"
#include "lattice/position_counts.h"
#include "lattice/types.h"

namespace egkb {
namespace {

enum class Colour { Red, Green, Blue };

constexpr auto kColours = name_table<Colour>({
    {Colour::Blue, "blue", "the sky"},
    {Colour::Red, "red"},
    {Colour::Green, "green", "grass"},
});

// A row with a column more, as reducer/methods.h has.
struct ColourInfo : Named<Colour> {
  int wavelength = 0;
};

TEST(NameTable, FindsEachValueByItsNameAndEachNameByItsValue) {
  static_assert(kColours.name(Colour::Red) == "red");
  static_assert(*kColours.named("green") == Colour::Green);
  EXPECT_EQ(kColours.name(Colour::Blue), "blue");
  EXPECT_EQ(kColours.named("blue"), Colour::Blue);
  EXPECT_FALSE(kColours.named("Blue"));
  EXPECT_FALSE(kColours.named(""));
  EXPECT_EQ(kColours.find(Colour::Green)->help, "grass");
  EXPECT_EQ(kColours.find(static_cast<Colour>(7)), nullptr);
}

TEST(NameTable, ListsInTheTablesOrder) {
  EXPECT_EQ(kColours.values(), (std::array{Colour::Blue, Colour::Red, Colour::Green}));
  EXPECT_EQ(kColours.names(), (std::vector<std::string>{"blue", "red", "green"}));
  EXPECT_EQ(kColours.listed(), "blue, red or green");
  EXPECT_EQ(kColours.listed([](const Named<Colour>& c) {
    return c.help.empty() ? std::string(c.name)
                          : std::string(c.name) + " (" + std::string(c.help) + ")";
  }),
            "blue (the sky), red or green (grass)");
  EXPECT_EQ(listed(std::vector<std::string>{"one"}, [](const std::string& s) { return s; }), "one");
  EXPECT_EQ(listed(std::vector<std::string>{"one", "two"}, [](const std::string& s) { return s; }),
            "one or two");
  EXPECT_EQ(listed(std::vector<std::string>{}, [](const std::string& s) { return s; }), "");
}

TEST(NameTable, RowsMayCarryMoreColumns) {
  constexpr auto kInfo = name_table<Colour, ColourInfo>({
      {{Colour::Red, "red"}, 700},
      {{Colour::Blue, "blue"}, 450},
  });
  EXPECT_EQ(kInfo.find(Colour::Blue)->wavelength, 450);
  EXPECT_EQ(kInfo.named("red"), Colour::Red);
  EXPECT_EQ(kInfo.size(), 2u);
}

// What the store, the CSV and the review app's API have always written.
TEST(NameTable, TheLatticesNamesAreTheStoresAndTheCsvs) {
  EXPECT_EQ(kSources.names(),
            (std::vector<std::string>{"manual", "generated", "expert", "solved"}));
  for (Source s : kSources.values()) {
    EXPECT_TRUE(is_ok(s));
    EXPECT_EQ(source_named(source_name(s)), s);
  }
  EXPECT_EQ(kToMove.listed(), "red, black or either");
  EXPECT_EQ(choice_name(Choice::None), "");
  EXPECT_EQ(choice_name(Choice::AcceptStale), "accept stale");
  EXPECT_EQ(choice_name(Choice::AcceptDisagreements), "accept disagreements");
}

}  // namespace
}  // namespace egkb
