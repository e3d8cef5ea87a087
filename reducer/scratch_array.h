// Working memory that a solver reuses from one cut to the next. The first use faults its pages
// in; a later use of the same size or less faults nothing unless a smaller use in between
// handed pages back (below), and nothing is zero-filled for the caller. A use of less than half of
// what is resident hands the rest back to the kernel when that is more than kKeptBytes, so a
// solver that cuts ever smaller parts of a large base does not hold the first part's memory while
// another core works; below it, pages are kept, since faulting them in again at every cut of a
// repair, and every repair of a validation, costs more than holding them. (A fresh std::vector per
// cut cost the full lattice's exact repair 3 GB of 4 KiB page faults for a 1.3 GiB peak.)
#pragma once

#include <cstddef>
#include <span>
#include <type_traits>

namespace egkb {

// Page-aligned anonymous memory: mapped, unmapped, and its pages from `from` bytes to `to`
// handed back (they read as zero when touched again). map_pages throws std::bad_alloc.
void* map_pages(std::size_t bytes);
void unmap_pages(void* p, std::size_t bytes);
void drop_pages(void* p, std::size_t from, std::size_t to);
// `bytes` rounded up to whole pages.
std::size_t whole_pages(std::size_t bytes);

// What an array keeps however little it is used (above).
inline constexpr std::size_t kKeptBytes = std::size_t{32} << 20;

template <typename T>
class ScratchArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  ScratchArray() = default;
  ScratchArray(const ScratchArray&) = delete;
  ScratchArray& operator=(const ScratchArray&) = delete;
  ~ScratchArray() { release(); }

  // `n` elements whose values are unspecified (what the last use left, or zero): the caller
  // writes each before reading it.
  std::span<T> take(std::size_t n) {
    const std::size_t bytes = whole_pages(n * sizeof(T));
    if (bytes > mapped_) {
      release();
      data_ = static_cast<T*>(map_pages(bytes));
      mapped_ = bytes;
    } else if (bytes < resident_ / 2 && resident_ > kKeptBytes) {
      drop_pages(data_, bytes, resident_);
      resident_ = bytes;
    }
    if (bytes > resident_) resident_ = bytes;
    return {data_, n};
  }

 private:
  void release() {
    if (data_ != nullptr) unmap_pages(data_, mapped_);
    data_ = nullptr;
    mapped_ = resident_ = 0;
  }

  T* data_ = nullptr;
  std::size_t mapped_ = 0;    // bytes mapped
  std::size_t resident_ = 0;  // bytes that may hold pages: the most used since the last drop
};

}  // namespace egkb
