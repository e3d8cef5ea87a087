#include "tools/xiangqi_retrograde/material.h"

#include <stdexcept>

namespace xiangqi_retrograde {

int Material::attackers(Colour c) const {
  int n = 0;
  for (int k = 0; k < kKinds; ++k) {
    if (is_attacker(static_cast<Kind>(k))) n += count[index(c)][k];
  }
  return n;
}

int Material::pieces() const {
  int n = 0;
  for (const auto& side : count) {
    for (uint8_t c : side) n += c;
  }
  return n;
}

namespace {

Kind kind_of_letter(char letter, std::string_view text) {
  switch (letter) {
    case 'K':
      return Kind::king;
    case 'R':
      return Kind::rook;
    case 'N':
    case 'H':
      return Kind::horse;
    case 'C':
      return Kind::cannon;
    case 'P':
      return Kind::pawn;
    case 'G':
    case 'A':
      return Kind::guard;
    case 'M':
    case 'E':
      return Kind::minister;
    default:
      throw std::invalid_argument("material " + std::string(text) + ": '" + letter +
                                  "' is no xiangqi piece (K R N C P G M, or H A E)");
  }
}

}  // namespace

Material parse_material(std::string_view text) {
  if (text.size() < 2 || text[0] != 'K') {
    throw std::invalid_argument("material " + std::string(text) + ": expected red's K first");
  }
  Material m;
  int side = -1;
  for (char letter : text) {
    const Kind k = kind_of_letter(letter, text);
    if (k == Kind::king) {
      if (++side > 1)
        throw std::invalid_argument("material " + std::string(text) + ": three kings");
    }
    ++m.count[side][index(k)];
  }
  if (side != 1)
    throw std::invalid_argument("material " + std::string(text) + ": black's K missing");
  // Limits of the real game, which the placement squares also impose (5 guard points, 7 minister
  // points); more pieces would make an index with no legal position.
  for (int s = 0; s < 2; ++s) {
    for (int k = 1; k < kKinds; ++k) {
      const int most = static_cast<Kind>(k) == Kind::pawn ? 5 : 2;
      if (m.count[s][k] > most) {
        throw std::invalid_argument("material " + std::string(text) + ": more than " +
                                    std::to_string(most) + " of " +
                                    kind_letter(static_cast<Kind>(k)));
      }
    }
  }
  return m;
}

std::string material_text(const Material& m) {
  std::string text;
  for (int s = 0; s < 2; ++s) {
    for (int k = 0; k < kKinds; ++k) text.append(m.count[s][k], kind_letter(static_cast<Kind>(k)));
  }
  return text;
}

Material mirror(const Material& m) {
  Material out;
  out.count[0] = m.count[1];
  out.count[1] = m.count[0];
  return out;
}

bool is_one_sided(const Material& m) {
  return m.attackers(Colour::red) == 0 || m.attackers(Colour::black) == 0;
}

std::vector<Material> materials_after_a_capture(const Material& m) {
  std::vector<Material> out;
  for (int s = 0; s < 2; ++s) {
    for (int k = 1; k < kKinds; ++k) {
      if (m.count[s][k] == 0) continue;
      Material sub = m;
      --sub.count[s][k];
      out.push_back(sub);
    }
  }
  return out;
}

}  // namespace xiangqi_retrograde
