#include "reducer/methods.h"

#include <stdexcept>

namespace egkb {

const MethodInfo& method_info(Method method) {
  for (const MethodInfo& m : kMethods) {
    if (m.method == method) return m;
  }
  throw std::logic_error("a method without a row in kMethods");
}

std::optional<Method> method_named(std::string_view name) {
  for (const MethodInfo& m : kMethods) {
    if (name == m.name) return m.method;
  }
  return std::nullopt;
}

std::string_view method_name(Method method) {
  return method_info(method).name;
}

std::vector<std::string> method_names() {
  std::vector<std::string> names;
  for (const MethodInfo& m : kMethods) names.emplace_back(m.name);
  return names;
}

std::vector<std::string> greedy_method_names() {
  std::vector<std::string> names;
  for (const MethodInfo& m : kMethods) {
    if (!m.certified()) names.emplace_back(m.name);
  }
  return names;
}

}  // namespace egkb
