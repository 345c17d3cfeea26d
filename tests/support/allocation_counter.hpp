// Counts calls of the global operator new in a test binary, and the bytes asked, for the "no allocation per
// frame / per flood" checks and the memory budgets. Link tests/support/allocation_counter.cpp into the binary
// (it replaces operator new and delete for the whole program, so give such tests a binary of their own).
#pragma once

namespace kinema::test {

/// Global operator new (and new[]) calls made so far in this process.
long allocation_count() noexcept;
/// Bytes asked of global operator new (and new[]) so far in this process (frees not subtracted).
long long allocated_bytes() noexcept;

}  // namespace kinema::test
