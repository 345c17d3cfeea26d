// Fresh memory made ready before a large write: the re-audit reads a report of tens of megabytes into one
// allocation, and the system otherwise maps its pages one fault per 4 KiB as they are first written.
#pragma once

#include <cstddef>

namespace kinema {

/// Maps every whole page of [data, data + bytes) for writing in one call where the system offers it (Linux
/// 5.14 or later: madvise MADV_POPULATE_WRITE), for a buffer about to be filled: 70 MB read into a fresh
/// string took 0.055-0.067 s of system time page by page, 0.036-0.049 s mapped first (docs/performance.md).
/// The memory's content is unchanged. Elsewhere, below 1 MiB (not worth the call) or when the system refuses,
/// it does nothing: the pages are mapped as they are written, as without it.
void map_pages_for_writing(void* data, std::size_t bytes) noexcept;

}  // namespace kinema
