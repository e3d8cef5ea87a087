// CSV records one at a time (RFC 4180): fields split on commas outside double quotes, "" for a
// quote inside quotes, quoted fields may span lines. Shared by knowledge-base files and review
// sheets, so both read a spreadsheet's CSV the same way.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "io/byte_source.h"

namespace egkb {

class CsvReader {
 public:
  // No record of a sane CSV file comes close; a longer one, or one of more fields, is refused
  // instead of buffered.
  static constexpr std::size_t kMaxRecordBytes = std::size_t{1} << 20;
  static constexpr std::size_t kMaxFields = 4096;

  explicit CsvReader(ByteSource source);

  // The next record's fields, valid until the next call; empty at the end of the input. A UTF-8
  // byte-order mark at the start and blank lines are skipped; spaces, tabs and a carriage
  // return around a field are dropped. Throws InputError for a record longer than
  // kMaxRecordBytes or a quote that is never closed.
  std::span<const std::string_view> next();

  // The line the last record started on, 1-based.
  std::size_t line() const { return record_line_; }
  // How many bytes of the input lie before the next record.
  std::size_t consumed() const { return read_before_ + pos_; }
  // The input's size when it is known (ByteSource::size_hint), else 0.
  std::size_t size_hint() const { return source_.size_hint(); }
  const std::string& origin() const { return source_.origin(); }

 private:
  bool fill();
  // Reads the next record when it is one line without quotes held whole in the buffer.
  bool next_plain_line();
  void end_field();

  ByteSource source_;
  std::vector<char> buffer_;
  std::size_t pos_ = 0, end_ = 0;
  std::size_t read_before_ = 0;  // input bytes before the buffer
  bool at_start_ = true;
  std::size_t line_ = 1, record_line_ = 0;

  std::string text_;                 // the record's field bytes, unquoted
  std::vector<std::size_t> bounds_;  // field i is text_[bounds_[2i], bounds_[2i + 1])
  std::size_t field_start_ = 0;      // where the field being read starts in text_
  std::size_t kept_ = 0;             // text_ up to here is quoted content, never trimmed
  std::vector<std::string_view> fields_;
};

// A field as a CSV writer puts it: in double quotes, with each quote doubled, which the reader
// undoes.
std::string csv_quoted(std::string_view field);

// The field of a record at `column`, the header's column `name`; InputError naming the file,
// line and column when the record is too short for it.
std::string_view field_at(std::span<const std::string_view> fields, int column,
                          const std::string& name, const std::string& origin, std::size_t line);

}  // namespace egkb
