#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/error_table.h"
#include "cli/kb_options.h"
#include "io/json_text.h"
#include "lattice/compare.h"
#include "present/json_forms.h"

namespace egkb::cli {

Command compare_command() {
  struct Options {
    KbOptions kb;
    std::string truth;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  return {"compare", "errors of a KB against a truth, as the paper's Table 3",
          "egkb compare repaired.csv --truth truth.csv",
          [o](OptionSink& sink) {
            add_kb_options(sink, o->kb);
            sink.text(o->truth, "--truth", "the truth: a .csv file or a .sqlite store", true);
            sink.flag(o->json, "--json", "print the figures as JSON");
          },
          [o] {
            const KnowledgeBase kb = load(o->kb);
            const ErrorCounts counts = compare_to_truth(kb, load_truth(o->kb, o->truth, kb));
            if (o->json) {
              std::cout << json_text(errors_json(counts)) << '\n';
            } else {
              print_error_table(std::cout, o->kb.path, counts);
            }
            return 0;
          }};
}

}  // namespace egkb::cli
