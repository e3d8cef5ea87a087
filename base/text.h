// User text made safe to quote in a message: a terminal shows it as it is, whatever bytes it
// holds and however long it is.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace egkb {

// The text in single quotes, cut after `limit` characters with the number of bytes left out.
// Escaped so that the quote reads back one way only: a backslash as \\, control bytes and bytes
// that are not UTF-8 as \xNN, and combining marks and format characters (base/combining.h),
// which show nothing standing alone or change the character before them, as \u{NNNN}.
std::string in_quotes(std::string_view text, std::size_t limit = 80);

// The same without quotes, for a single character or a value already framed by the message.
std::string printable(std::string_view text, std::size_t limit = 80);

// Whether `text` is at most `limit` characters of UTF-8 a terminal shows as they are: no control
// character and none the terminal acts on (C1 controls, bidirectional overrides). Backslashes
// and combining marks are text; only a quote escapes them.
bool is_plain_text(std::string_view text, std::size_t limit);

// Whether the bytes are UTF-8 text: no stray, overlong or surrogate sequence.
bool is_utf8(std::string_view text);

// A file's path as messages show it: whole, escaped as in_quotes() escapes, so a name holding ESC
// or a newline cannot act on the terminal or forge a line.
std::string path_text(std::string_view path);

// ASCII letters in lower case: header names and words are matched so.
std::string lowercase(std::string_view text);

// A count and its noun, singular for 1: "1 file", "2 files"; `plural` when it is not the noun
// and an s.
std::string counted(std::size_t n, std::string_view noun, std::string_view plural = {});

}  // namespace egkb
