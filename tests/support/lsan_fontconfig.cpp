// fontconfig, which cairo loads to draw text, keeps process-wide caches it never frees; they are not
// kinema's leaks. LeakSanitizer reads this hook at start-up in sanitizer builds; elsewhere it is unused.
// Linked into picture tests by kinema_add_test(... SUPPRESS_FONTCONFIG_LEAKS); the `kinema` binary run by
// CLI tests gets the same rule from support/lsan.supp through LSAN_OPTIONS.
extern "C" const char* __lsan_default_suppressions() {
    return "leak:libfontconfig\n";
}
