#include "reducer/methods.h"

#include <stdexcept>

namespace egkb {

const MethodInfo& method_info(Method method) {
  const MethodInfo* m = kMethods.find(method);
  if (m == nullptr) throw std::logic_error("a method without a row in kMethods");
  return *m;
}

std::vector<std::string> method_names() {
  return kMethods.names();
}

std::vector<std::string> greedy_method_names() {
  std::vector<std::string> names;
  for (const MethodInfo& m : kMethods) {
    if (!m.certified()) names.emplace_back(m.name);
  }
  return names;
}

}  // namespace egkb
