#include "reducer/weights.h"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "base/errors.h"
#include "io/json_input.h"

namespace egkb {

PieceWeights PieceWeights::defaults(const PieceSet& pieces) {
  PieceWeights w;
  for (PieceKind k : pieces.kinds()) {
    double v = 1;
    switch (pieces.kind(k).letter) {
      case 'Q':
        v = 9;
        break;
      case 'R':
        v = pieces.name() == "chess" ? 5 : 9;
        break;
      case 'C':
        v = 4.5;
        break;
      case 'N':
        v = pieces.name() == "chess" ? 3 : 4;
        break;
      case 'B':
        v = 3;
        break;
      case 'P':
        v = pieces.name() == "chess" ? 1 : 1.5;
        break;
      case 'G':
      case 'M':
        v = 2;
        break;
    }
    w.value[k] = v;
  }
  return w;
}

ReduceWeights parse_weights(std::string_view json, const std::string& path,
                            const PieceSet& pieces) {
  const nlohmann::json j = parse_json_input(json, path);
  if (!j.is_object()) {
    throw InputError(path, 0, "",
                     "expected a JSON object with pieces, cannon_raise, mirror, manual or "
                     "generated");
  }
  ReduceWeights w{PieceWeights::defaults(pieces), NodeWeights{}};
  // The exact repair scales weights to integer capacities: far smaller ones vanish, far larger
  // ones overflow.
  auto positive = [&](const nlohmann::json& v, const std::string& key) {
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0.001 ||
        v.get<double>() > 1e6)
      throw InputError(path, 0, key, "expected a number from 0.001 to 1e6");
    return v.get<double>();
  };
  for (const auto& [key, v] : j.items()) {
    if (key == "pieces") {
      if (!v.is_object())
        throw InputError(path, 0, key, "expected an object of piece letters and values");
      for (const auto& [letter, pv] : v.items()) {
        const std::optional<PieceKind> kind =
            letter.size() == 1 ? pieces.kind_of(letter[0]) : std::nullopt;
        if (!kind) {
          throw InputError(path, 0, "pieces." + letter,
                           fmt::format("not a piece of {}; expected one of {}", pieces.name(),
                                       pieces.expected_letters()));
        }
        w.pieces.value[*kind] = positive(pv, "pieces." + letter);
      }
    } else if (key == "cannon_raise") {
      w.pieces.cannon_raise = positive(v, key);
    } else if (key == "mirror") {
      w.pieces.mirror = positive(v, key);
    } else if (key == "manual") {
      w.nodes.manual = positive(v, key);
    } else if (key == "generated") {
      w.nodes.generated = positive(v, key);
    } else {
      throw InputError(path, 0, key,
                       "unknown key; expected pieces, cannon_raise, mirror, manual or generated");
    }
  }
  return w;
}

std::vector<float> edge_piece_weights(const Lattice& lattice, const PieceWeights& weights) {
  const PieceSet& pieces = lattice.pieces();
  const std::optional<PieceKind> cannon = pieces.kind_of('C');
  std::vector<float> dm(lattice.edge_count());
  const auto offsets = lattice.out_offsets();
  for (NodeId u = 0; u < lattice.size(); ++u) {
    const Material m = lattice.material(u);
    for (EdgeIndex e = offsets[u]; e < offsets[u + 1]; ++e) {
      const EdgeLabel label = lattice.out_labels()[e];
      double v = weights.value[label.kind()];
      const char letter = pieces.kind(label.kind()).letter;
      if ((letter == 'G' || letter == 'M') && cannon && m.count(label.side(), *cannon) > 0) {
        v *= weights.cannon_raise;
      }
      dm[e] = static_cast<float>(v);
    }
  }
  return dm;
}

}  // namespace egkb
