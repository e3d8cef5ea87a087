// The method table: every method has one row, found by its name, and the greedy rows run the
// paper's algorithms.
#include "reducer/methods.h"

#include <gtest/gtest.h>

#include <set>

namespace egkb {
namespace {

TEST(Methods, EachMethodHasOneRowFoundByItsName) {
  std::set<Method> methods;
  std::set<std::string_view> names;
  for (const MethodInfo& m : kMethods) {
    methods.insert(m.value);
    names.insert(m.name);
    EXPECT_EQ(method_named(m.name), m.value) << m.name;
    EXPECT_EQ(method_name(m.value), m.name);
    EXPECT_FALSE(m.help.empty()) << m.name;
  }
  for (Method m : {Method::Basic, Method::Refined, Method::Exact, Method::Fitted, Method::Auto})
    EXPECT_TRUE(methods.contains(m)) << static_cast<int>(m);
  EXPECT_EQ(methods.size(), kMethods.size());
  EXPECT_EQ(names.size(), kMethods.size());
  EXPECT_EQ(method_names().size(), kMethods.size());
  EXPECT_FALSE(method_named("nope"));
  EXPECT_FALSE(method_named(""));
}

TEST(Methods, GreedyRowsRunThePapersAlgorithms) {
  EXPECT_EQ(greedy_method_names(), (std::vector<std::string>{"ba", "ra"}));
  EXPECT_TRUE(method_info(kDefaultMethod).certified());
  EXPECT_FALSE(method_info(Method::Basic).greedy().diffusing);
  EXPECT_TRUE(method_info(Method::Refined).greedy().diffusing);
}

}  // namespace
}  // namespace egkb
