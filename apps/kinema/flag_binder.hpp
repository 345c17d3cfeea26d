// The command line's face of the settings registry (kinema/core/settings_registry.hpp): a command names the
// fields it offers once, and the binder derives the rest from the registry -- the flag (field `max_steps` ->
// `--max-steps`; a part's prefix is not typed: `nav.agent_height` -> `--agent-height`), its help (doc, unit,
// valid range, default), setting the fields from the text typed after parsing, and the messages, which name
// the flag typed. A command's rename table lists only the fields typed under another name (`speed_scale` ->
// `--scale`). Fields the library checks without registering them (a chase's `position`, a pursuit's `route`)
// are bound the same way with help of their own, so that their errors name the flag too. The binder is the
// CLI's one way of naming an error: a binder with no flags bound names the fields of `--set` ("--set FIELD:
// ..."), of `--sweep` or of a file (its `fallback`), and one with only renames names a library's arguments.
#pragma once

#include <deque>
#include <functional>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"

namespace kinema::cli {

/// A settings field and the flag the user types for it, e.g. {"speed_scale", "--scale"}.
struct FieldFlag {
    std::string_view field;
    std::string_view flag;
};

/// What an option's text is parsed as. Its --help placeholder comes from here (value_placeholder), so that
/// every page names a number, a point or a file the same way.
enum class ValueKind {
    integer,      ///< "INT": a whole number
    number,       ///< "NUMBER": a real (parse_number)
    point2,       ///< "X,Y" (parse_vec2)
    point3,       ///< "X,Y,Z" (three finite numbers)
    point2_or_3,  ///< "X,Y[,Z]": X,Y on grid levels, X,Y,Z on 3D levels
    point_list,   ///< "X,Y[,Z];...": a route of such points
    number_list,  ///< "NUMBER,...": reals separated by commas
    file,         ///< "FILE": a path
    directory,    ///< "DIR": a directory's path
};

/// The placeholder --help shows for a value of `kind`.
[[nodiscard]] std::string value_placeholder(ValueKind kind);
/// The placeholder of a choice among `names`: "a|b|c".
[[nodiscard]] std::string choice_placeholder(std::span<const std::string_view> names);
/// Shows `kind`'s placeholder in `option`'s --help line; returns `option`.
CLI::Option* typed(CLI::Option* option, ValueKind kind);
/// The option `name` of `cmd` that takes a file's path (placeholder FILE), bound to `path`; returns it.
CLI::Option* add_file_option(CLI::App* cmd, const std::string& name, std::string& path,
                             const std::string& help);

/// The flag of `field`: its entry in `renames`, else "--" and the field's name after its last '.', with '-'
/// for '_'.
[[nodiscard]] std::string flag_of_field(std::string_view field, std::span<const FieldFlag> renames = {});

/// A flag as typed and whether it was given: one row of refuse_given's table.
struct GivenFlag {
    bool given = false;
    std::string_view flag;
};

/// An option's text (a path, a number as typed) as a row of refuse_given's table: given when not empty.
[[nodiscard]] inline GivenFlag given_text(const std::string& text, std::string_view flag) {
    return {!text.empty(), flag};
}
/// Refuses the first given flag of `flags`: UsageError "FLAG: WHY" (why e.g. "only with --batch" or "not with
/// --sweep (...)"). Options that another mode or kind of level reads are refused rather than ignored.
void refuse_given(std::span<const GivenFlag> flags, std::string_view why);
inline void refuse_given(std::initializer_list<GivenFlag> flags, std::string_view why) {
    refuse_given(std::span(flags.begin(), flags.size()), why);
}

/// The fields a bound option sets (its own field; --difficulty also max_steps), empty for an option no
/// FlagBinder bound. run_cli refuses a field given both by such an option and by `--set` (the second would
/// silently win): one check for every command, whatever binder bound the flag.
[[nodiscard]] std::vector<std::string> fields_set_by(const CLI::Option& option);

/// One command's flags for settings fields and library-checked values.
class FlagBinder {
  public:
    /// `renames`: the fields typed under another flag than the rule's. `fallback` names an error on a field
    /// the command has no flag for: "<fallback> <field>" ("--set", or "field" where nothing can set it).
    explicit FlagBinder(std::span<const FieldFlag> renames = {}, std::string_view fallback = "--set");
    FlagBinder(const FlagBinder&) = delete;
    FlagBinder& operator=(const FlagBinder&) = delete;
    ~FlagBinder();

    /// One option per field of `description` (full names), help "<help_prefix><doc>; <unit>, <range>
    /// (default <value>)" with the default read from `defaults` (the struct the command starts from).
    void add_fields(CLI::App* cmd, const SettingsDescription& description, const void* defaults,
                    std::span<const std::string_view> fields, std::string_view help_prefix = "");
    template <RegisteredSettings S>
    void add_fields(CLI::App* cmd, std::initializer_list<std::string_view> fields,
                    std::string_view help_prefix = "", const S& defaults = S{}) {
        add_fields(cmd, settings_description<S>(), &defaults, fields, help_prefix);
    }
    /// One such option, its placeholder the field's (field_placeholder); returned to set exclusions.
    CLI::Option* add_field(CLI::App* cmd, const SettingsDescription& description, const void* defaults,
                           std::string_view field, std::string_view help_prefix = "");
    template <RegisteredSettings S>
    CLI::Option* add_field(CLI::App* cmd, std::string_view field, std::string_view help_prefix = "",
                           const S& defaults = S{}) {
        return add_field(cmd, settings_description<S>(), &defaults, field, help_prefix);
    }
    /// An option for a value the registry does not describe (help of its own), parsed as `kind`; its errors
    /// name the flag.
    CLI::Option* add(CLI::App* cmd, std::string_view field, const std::string& help, ValueKind kind);
    /// An option whose text is one of `choices` (help of its own, placeholder "a|b|c"); the library that
    /// reads the text refuses any other, and its error names the flag.
    CLI::Option* add_choice(CLI::App* cmd, std::string_view field, const std::string& help,
                            std::span<const std::string_view> choices);
    /// The same for a repeatable option (one value per occurrence); the caller names its placeholder.
    CLI::Option* add_repeated(CLI::App* cmd, std::string_view field, const std::string& help);

    [[nodiscard]] bool given(std::string_view field) const;
    /// Whether `field` was given, and its flag as bound: a row of refuse_given's table.
    [[nodiscard]] GivenFlag given_flag(std::string_view field) const;
    /// The text typed for `field` ("" when not given).
    [[nodiscard]] const std::string& text(std::string_view field) const;
    /// The texts of a repeatable option, in order.
    [[nodiscard]] const std::vector<std::string>& texts(std::string_view field) const;

    /// Records that `option` (bound by this binder) also sets `field`, e.g. --difficulty sets max_steps: a
    /// --set of that field beside it is refused as a field given twice (fields_set_by).
    void also_sets(const CLI::Option* option, std::string_view field);

    /// Sets every given field bound with `description` on `settings`, in the description's order; a text
    /// that is not a value of the field's type is a UsageError naming the flag. Ranges are left to
    /// validate().
    void apply(const SettingsDescription& description, void* settings) const;
    template <RegisteredSettings S>
    void apply(S& settings) const {
        apply(settings_description<S>(), &settings);
    }
    /// Sets `field` of `description` from the text of a flag bound for another struct (when given).
    void apply_to(const SettingsDescription& description, void* settings, std::string_view field) const;

    /// "FLAG: message; FLAG: message", each error named by the flag of its field (an error of no field, as a
    /// list that names no field: by `fallback` alone).
    [[nodiscard]] std::string message(const FieldErrors& errors) const;
    /// Throws UsageError(message(errors)) when `errors` is not empty: the one check of a command's values.
    void require_valid(const FieldErrors& errors) const;
    /// Runs `run`; a SettingsError from the library becomes the UsageError naming the flags.
    void name_errors(const std::function<void()>& run) const;

  private:
    struct Bound {
        std::string field;  ///< full name in `description`
        std::string flag;
        const SettingsDescription* description =
            nullptr;  ///< null for a value the registry does not describe
        std::string text;
        std::vector<std::string> texts;
    };
    [[nodiscard]] const Bound* find(std::string_view field) const;
    /// Adds the option of `field` to `cmd`, its text kept in a new Bound (`texts` when `repeated`), and
    /// remembers that it sets `field` (fields_set_by).
    CLI::Option* bind(CLI::App* cmd, std::string_view field, const std::string& help,
                      const SettingsDescription* description = nullptr, bool repeated = false);

    std::deque<Bound> bound_;  // a deque: CLI11 keeps the addresses of `text` and `texts`
    std::span<const FieldFlag> renames_;
    std::string fallback_;
};

}  // namespace kinema::cli
