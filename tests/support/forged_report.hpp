// An audit report signed again for its bytes, as a forger (or another kinema) would: what lets the re-audit's
// tests (tests/chase/audit_reuse_test.cpp) and its fuzzer (fuzz/audit_report_fuzz.cpp) reach the reader's
// checks behind the digest.
#pragma once

#include <string>
#include <string_view>

#include "kinema/chase/audit_reuse.hpp"
#include "kinema/core/digest.hpp"

namespace kinema::test {

/// The text with the 16 hex digits after its last ,"fnv1a64_4lanes":" set to the digest of every byte
/// before that key (what write_audit_json writes); a text without that key and 16 bytes after it, unchanged.
inline std::string with_digest_made_right(std::string text) {
    const std::string head = ",\"" + std::string(chase::audit_digest_key) + "\":\"";
    const std::size_t at = text.rfind(head);
    if (at == std::string::npos || text.size() - at - head.size() < 16) {
        return text;
    }
    WordDigest digest;
    digest.add(std::string_view(text).substr(0, at));
    text.replace(at + head.size(), 16, digest_text(digest.value()));
    return text;
}

}  // namespace kinema::test
