// Counts calls of the global operator new in a test binary, for the "no allocation per frame / per flood"
// checks. Link tests/support/allocation_counter.cpp into the binary (it replaces operator new and delete for
// the whole program, so give such tests a binary of their own).
#pragma once

namespace kinema::test {

/// Global operator new (and new[]) calls made so far in this process.
long allocation_count() noexcept;

}  // namespace kinema::test
