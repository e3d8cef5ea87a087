#include "base/text.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "base/combining.h"

namespace egkb {

namespace {

// Code points a terminal acts on rather than shows: C1 controls (U+0080..U+009F, CSI among
// them) and the bidirectional overrides and isolates that reorder what follows.
bool acts_on_terminal(unsigned code) {
  return (code >= 0x80 && code <= 0x9F) || (code >= 0x202A && code <= 0x202E) ||
         (code >= 0x2066 && code <= 0x2069);
}

// The code point of the UTF-8 sequence starting at `p` and its length; length 0 when the bytes
// there are not one (a stray or overlong byte, a surrogate, beyond U+10FFFF).
std::pair<unsigned, std::size_t> decode_utf8(std::string_view s, std::size_t p) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char c = byte(p);
  if (c < 0x80) return {c, 1};
  std::size_t n = 0;
  unsigned min = 0;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
    min = 0x80;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    min = 0x800;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    min = 0x10000;
  } else {
    return {0, 0};
  }
  if (p + n > s.size()) return {0, 0};
  unsigned code = c & (0x7F >> n);
  for (std::size_t i = 1; i < n; ++i) {
    if ((byte(p + i) & 0xC0) != 0x80) return {0, 0};
    code = (code << 6) | (byte(p + i) & 0x3F);
  }
  if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {0, 0};
  return {code, n};
}

// The code point at `p` and its length when a terminal shows it as it is: printable ASCII, or
// UTF-8 for a character the terminal does not act on. Length 0 otherwise.
std::pair<unsigned, std::size_t> shown_character(std::string_view s, std::size_t p) {
  const auto c = static_cast<unsigned char>(s[p]);
  if (c < 0x80) return {c, c >= 0x20 && c < 0x7F ? 1u : 0u};
  const auto [code, n] = decode_utf8(s, p);
  return {code, acts_on_terminal(code) ? 0 : n};
}

// The shown part of the text and how many bytes were left out. Every escape starts with a
// backslash, so a backslash of the text is escaped too: the quote reads back one way only.
std::pair<std::string, std::size_t> shown(std::string_view text, std::size_t limit) {
  std::string out;
  std::size_t characters = 0, p = 0;
  while (p < text.size() && characters < limit) {
    const auto [code, n] = shown_character(text, p);
    if (n == 0) {
      out += fmt::format("\\x{:02X}", static_cast<unsigned char>(text[p]));
    } else if (code == '\\') {
      out += "\\\\";
    } else if (is_combining_or_format(code)) {
      out += fmt::format("\\u{{{:04X}}}", code);
    } else {
      out.append(text.substr(p, n));
    }
    p += std::max<std::size_t>(n, 1);
    ++characters;
  }
  return {out, text.size() - p};
}

}  // namespace

std::string printable(std::string_view text, std::size_t limit) {
  auto [out, left] = shown(text, limit);
  if (left > 0) out += fmt::format("... ({} more bytes)", left);
  return out;
}

bool is_plain_text(std::string_view text, std::size_t limit) {
  std::size_t characters = 0;
  for (std::size_t p = 0; p < text.size(); ++characters) {
    const std::size_t n = shown_character(text, p).second;
    if (n == 0 || characters == limit) return false;
    p += n;
  }
  return true;
}

bool is_utf8(std::string_view text) {
  for (std::size_t p = 0; p < text.size();) {
    const std::size_t n = decode_utf8(text, p).second;
    if (n == 0) return false;
    p += n;
  }
  return true;
}

std::string path_text(std::string_view path) {
  return shown(path, path.size()).first;
}

std::string in_quotes(std::string_view text, std::size_t limit) {
  const auto [out, left] = shown(text, limit);
  if (left == 0) return "'" + out + "'";
  return fmt::format("'{}...' ({} more bytes)", out, left);
}

std::string lowercase(std::string_view text) {
  std::string r(text);
  for (char& c : r) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return r;
}

std::string counted(std::size_t n, std::string_view noun, std::string_view plural) {
  std::string text = std::to_string(n) + ' ';
  if (n == 1) return text.append(noun);
  return plural.empty() ? text.append(noun).append("s") : text.append(plural);
}

}  // namespace egkb
