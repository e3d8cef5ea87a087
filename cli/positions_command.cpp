// positions: random legal positions of a material as FEN (docs/design.md section 4b).
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "board/random_positions.h"
#include "cli/command.h"
#include "cli/kb_options.h"
#include "io/json_text.h"

namespace egkb::cli {

Command positions_command() {
  struct Options {
    std::string material;
    std::optional<std::string> pieces;
    uint64_t count = 10;
    uint64_t seed = 1;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  return {"positions",
          "random legal positions of a material as FEN, half with each side to move, for an engine",
          "egkb positions KRKNMM --count 4 --seed 1",
          [o](OptionSink& sink) {
            sink.argument(o->material, "MATERIAL", "the material, e.g. KRKNMM or KRPvKR");
            add_pieces_option(sink, o->pieces);
            sink.whole(o->count, "--count", "how many positions (even numbers are red to move)", 1,
                       1000000);
            sink.whole(o->seed, "--seed", "same seed, same positions", 0, UINT64_MAX);
            sink.flag(o->json, "--json", "print the positions as JSON");
          },
          [o] {
            const PieceSet& pieces =
                o->pieces ? PieceSet::named(*o->pieces) : PieceSet::of_material(o->material);
            const Material material = material_argument(o->material, pieces);
            const PositionSampler sampler(material, pieces);
            nlohmann::ordered_json list = nlohmann::ordered_json::array();
            for (uint64_t i = 0; i < o->count; ++i) {
              const Position p = sampler.draw(o->seed, i);
              const std::string fen = sampler.rules().fen(p);
              if (o->json) {
                list.push_back(
                    {{"index", i}, {"to_move", pieces.side_name(p.to_move())}, {"fen", fen}});
              } else {
                fmt::print("{}\n", fen);
              }
            }
            if (o->json) {
              std::cout << json_text(nlohmann::ordered_json{
                               {"material", format_material(material, pieces)},
                               {"pieces", pieces.name()},
                               {"seed", o->seed},
                               {"positions", list}})
                        << '\n';
            }
            return 0;
          }};
}

}  // namespace egkb::cli
