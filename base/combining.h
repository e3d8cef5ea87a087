// The characters a quote of user text cannot show as they are: they show nothing standing alone
// or change the character before them, so the quote would not say which characters it holds.
#pragma once

namespace egkb {

// Whether the code point is a combining mark (Unicode category M: accents such as U+0301,
// vowel signs, variation selectors) or a format character (Cf: a soft hyphen, a zero-width
// space or joiner, a byte-order mark, the bidirectional controls).
bool is_combining_or_format(unsigned code);

}  // namespace egkb
