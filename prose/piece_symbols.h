// The symbols reviewers know the pieces by: 帥俥傌炮兵仕相 for red and 將車馬砲卒士象 for black in
// xiangqi, ♔♕♖♗♘♙ and ♚♛♜♝♞♟ in chess. The review app shows a material and a board with them.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "lattice/material.h"
#include "lattice/piece_set.h"

namespace egkb {

// The symbol of `side`'s piece of kind `kind` (nullopt: the king); empty for a set without
// symbols.
std::string_view piece_symbol(const PieceSet& pieces, Side side, std::optional<PieceKind> kind);

// Each side's pieces as symbols, the king first and the rest in the set's order (the material's
// text order): {"帥俥兵", "將士士"} for KRPKGG.
std::array<std::string, 2> material_symbols(const Material& m, const PieceSet& pieces);

}  // namespace egkb
