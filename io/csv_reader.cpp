#include "io/csv_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <string_view>

#include "base/errors.h"

namespace egkb {

namespace {

constexpr std::size_t kChunk = std::size_t{1} << 18;

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// Which UTF-16 the input's first bytes are in, if they are: by its byte-order mark, or without
// one by the NUL byte beside each ASCII character (on the same side in every pair that has one,
// and at least half have one). Read as UTF-8 such a file holds no header a user would recognise.
std::optional<std::string_view> utf16_kind(std::string_view start) {
  if (start.starts_with("\xFF\xFE")) return "UTF-16 (little-endian, with a byte-order mark)";
  if (start.starts_with("\xFE\xFF")) return "UTF-16 (big-endian, with a byte-order mark)";
  // Pairs of bytes that read as an ASCII character in each order.
  std::size_t pairs = 0, little = 0, big = 0;
  for (std::size_t i = 0; i + 1 < std::min<std::size_t>(start.size(), 64); i += 2, ++pairs) {
    little += start[i] != '\0' && start[i + 1] == '\0';
    big += start[i] == '\0' && start[i + 1] != '\0';
  }
  if (pairs > 0 && big == 0 && 2 * little >= pairs) return "UTF-16 (little-endian)";
  if (pairs > 0 && little == 0 && 2 * big >= pairs) return "UTF-16 (big-endian)";
  return std::nullopt;
}

}  // namespace

CsvReader::CsvReader(ByteSource source)
    : source_(std::move(source)),
      buffer_(source_.known_size() > 0 ? std::min(kChunk, source_.known_size()) : kChunk) {}

bool CsvReader::fill() {
  do {
    read_before_ += end_;
    end_ = source_.read(buffer_.data(), buffer_.size());
    pos_ = 0;
    if (at_start_) {
      // A pipe may deliver the byte-order mark a byte at a time.
      while (end_ > 0 && end_ < 3 && end_ < buffer_.size()) {
        const std::size_t more = source_.read(buffer_.data() + end_, buffer_.size() - end_);
        if (more == 0) break;
        end_ += more;
      }
      if (end_ >= 3 && buffer_[0] == '\xEF' && buffer_[1] == '\xBB' && buffer_[2] == '\xBF')
        pos_ = 3;
      if (const auto utf16 = utf16_kind({buffer_.data(), end_})) {
        throw InputError(
            origin(), 0, "",
            fmt::format("is {}; save it as UTF-8 (a spreadsheet's \"CSV UTF-8\")", *utf16));
      }
      at_start_ = false;
    }
  } while (end_ > 0 && pos_ == end_);
  return end_ > 0;
}

void CsvReader::end_field() {
  std::size_t end = text_.size();
  while (end > kept_ && end > field_start_ && blank(text_[end - 1])) --end;
  bounds_.push_back(field_start_);
  bounds_.push_back(end);
  field_start_ = kept_ = text_.size();
}

bool CsvReader::next_plain_line() {
  const char* begin = buffer_.data() + pos_;
  const auto* newline = static_cast<const char*>(std::memchr(begin, '\n', end_ - pos_));
  if (newline == nullptr) return false;
  const std::size_t length = static_cast<std::size_t>(newline - begin);
  if (length > kMaxRecordBytes || std::memchr(begin, '"', length) != nullptr) return false;
  fields_.clear();
  const char* field = begin;
  for (const char* at = begin;; ++at) {
    if (at == newline || *at == ',') {
      const char* first = field;
      const char* last = at;
      while (first < last && blank(*first)) ++first;
      while (last > first && blank(last[-1])) --last;
      fields_.emplace_back(first, static_cast<std::size_t>(last - first));
      if (fields_.size() > kMaxFields) return false;  // the slow path says why
      if (at == newline) break;
      field = at + 1;
    }
  }
  pos_ += length + 1;
  record_line_ = line_++;
  return true;
}

std::span<const std::string_view> CsvReader::next() {
  // Most records are one line without quotes, whole in the buffer: their fields are views of
  // the buffer, split in one pass. The rest go byte by byte below.
  while (pos_ < end_ && next_plain_line()) {
    if (fields_.size() == 1 && fields_[0].empty()) continue;
    return fields_;
  }
  for (;;) {
    text_.clear();
    bounds_.clear();
    fields_.clear();
    field_start_ = kept_ = 0;
    record_line_ = line_;
    bool quoted = false, quote_seen = false, any_quote = false, ended = false;
    std::size_t quote_line = 0, bytes = 0;
    while (!ended) {
      if (pos_ == end_ && !fill()) break;
      const char c = buffer_[pos_++];
      if (++bytes > kMaxRecordBytes + 1) {  // its line end aside
        throw InputError(
            origin(), record_line_, "",
            fmt::format("a record longer than {} bytes; is this a CSV file?", kMaxRecordBytes));
      }
      if (quoted) {
        if (c == '"') {
          quoted = false;
          quote_seen = true;
          kept_ = text_.size();
          continue;
        }
        if (c == '\n') ++line_;
        text_ += c;
        continue;
      }
      if (c == '"') {
        if (quote_seen) text_ += '"';  // "" inside quotes: the quote closed a moment ago reopens
        quoted = any_quote = true;
        quote_seen = false;
        quote_line = line_;
        continue;
      }
      quote_seen = false;
      if (c == '\n') {
        ++line_;
        ended = true;
      } else if (c == ',') {
        if (bounds_.size() / 2 + 1 >= kMaxFields) {
          throw InputError(
              origin(), record_line_, "",
              fmt::format("more than {} fields in one record; is this a CSV file?", kMaxFields));
        }
        end_field();
      } else if (!(blank(c) && text_.size() == field_start_)) {
        text_ += c;
      }
    }
    if (quoted) {
      throw InputError(origin(), quote_line, fmt::format("column {}", bounds_.size() / 2 + 1),
                       "a quote opened here is never closed");
    }
    if (bytes == 0) return {};
    end_field();
    if (bounds_.size() == 2 && bounds_[0] == bounds_[1] && !any_quote) continue;
    for (std::size_t i = 0; i < bounds_.size(); i += 2)
      fields_.emplace_back(text_.data() + bounds_[i], bounds_[i + 1] - bounds_[i]);
    return fields_;
  }
}

std::string csv_quoted(std::string_view field) {
  std::string q = "\"";
  for (char c : field) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + "\"";
}

std::string_view field_at(std::span<const std::string_view> fields, int column,
                          const std::string& name, const std::string& origin, std::size_t line) {
  if (column >= static_cast<int>(fields.size())) {
    throw InputError(origin, line, name,
                     fmt::format("missing: the row has {} fields, the header names column {} '{}'",
                                 fields.size(), column + 1, name));
  }
  return fields[static_cast<std::size_t>(column)];
}

}  // namespace egkb
