// The repair methods, each named and described once: reduce_kb runs a method by its row here, and
// the CLI's options, help and errors, the JSON forms and the store's run names read the same row.
// A new method is a Method value and a row of kMethods (and its solver, when it brings one).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/name_table.h"
#include "reducer/greedy.h"

namespace egkb {

// Auto: the certified repair with the cost shape and prior weight that validation on the base
// chose (the default of `egkb reduce`, docs/reducers.md); Fitted: drawn toward a material prior
// fitted to the base, with the weight given; Exact: the plain weighted L1 optimum.
enum class Method { Basic, Refined, Exact, Fitted, Auto };

// A method's row: its name (what --method takes, JSON's "method", the store's "reduce NAME"), its
// help (what it does, as --method's help says) and the algorithm it runs.
struct MethodInfo : Named<Method> {
  // The greedy algorithm it runs (reducer/greedy.h); none: the certified solver (reducer/exact.h).
  GreedyOptions (*greedy)() = nullptr;

  constexpr bool certified() const { return greedy == nullptr; }
};

// Every method, in the order the help lists them.
inline constexpr auto kMethods = name_table<Method, MethodInfo>({
    {{Method::Auto, "auto",
      "the certified optimum with the cost and prior weight that predict rows held out of the KB "
      "best"}},
    {{Method::Fitted, "fitted", "drawn toward a material model fitted to the KB"}},
    {{Method::Exact, "exact", "the plain L1 optimum"}},
    {{Method::Basic, "ba", "basic greedy"}, basic_algorithm},
    {{Method::Refined, "ra", "refined greedy"}, refined_algorithm},
});

// What runs where no method is named: `egkb reduce`, simulate, the demo and a ReduceRequest.
inline constexpr Method kDefaultMethod = Method::Auto;

const MethodInfo& method_info(Method method);
constexpr std::optional<Method> method_named(std::string_view name) {
  return kMethods.named(name);
}
constexpr std::string_view method_name(Method method) {
  return kMethods.name(method);
}
std::vector<std::string> method_names();         // kMethods' names, in its order
std::vector<std::string> greedy_method_names();  // those of the methods that are not certified

}  // namespace egkb
