// User text made safe to quote in a message: a terminal shows it as it is, whatever bytes it
// holds and however long it is.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace egkb {

// The text in single quotes, control bytes and bytes that are not UTF-8 written as \xNN, cut
// after `limit` characters with the number of bytes left out.
std::string in_quotes(std::string_view text, std::size_t limit = 80);

// The same without quotes, for a single character or a value already framed by the message.
std::string printable(std::string_view text, std::size_t limit = 80);

// Whether the bytes are UTF-8 text: no stray, overlong or surrogate sequence.
bool is_utf8(std::string_view text);

// A file's path as messages show it: whole, control bytes and bytes that are not UTF-8 written
// as \xNN, so a name holding ESC or a newline cannot act on the terminal or forge a line.
std::string path_text(std::string_view path);

// ASCII letters in lower case: header names and words are matched so.
std::string lowercase(std::string_view text);

}  // namespace egkb
