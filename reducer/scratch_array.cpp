#include "reducer/scratch_array.h"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

namespace egkb {

// Transparent huge pages (MADV_HUGEPAGE) were measured here and not taken: on the full
// lattice's exact repair they saved 4 % of user time and cost three times the sys time, most of
// it zeroing 2 MiB pages in the fault handler (docs/performance.md).

std::size_t whole_pages(std::size_t bytes) {
  static const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  return (bytes + page - 1) / page * page;
}

void* map_pages(std::size_t bytes) {
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  return p;
}

void unmap_pages(void* p, std::size_t bytes) {
  ::munmap(p, bytes);
}

void drop_pages(void* p, std::size_t from, std::size_t to) {
  ::madvise(static_cast<char*>(p) + from, to - from, MADV_DONTNEED);
}

}  // namespace egkb
