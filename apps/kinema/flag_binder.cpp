#include "flag_binder.hpp"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

#include "cli_common.hpp"

namespace kinema::cli {
namespace {

// The name a part's fields have inside it: "nav.agent_height" -> "agent_height".
std::string_view local_name(std::string_view field) {
    const std::size_t dot = field.rfind('.');
    return dot == std::string_view::npos ? field : field.substr(dot + 1);
}

// Which fields each bound option sets, across every binder alive (one per command). The owner is kept so that
// a binder's destructor removes exactly its own entries (an address may be reused by a later parser).
struct OptionField {
    const CLI::Option* option;
    std::string field;
    const FlagBinder* owner;
};

std::vector<OptionField>& option_fields() {
    static std::vector<OptionField> fields;
    return fields;
}

}  // namespace

std::vector<std::string> fields_set_by(const CLI::Option& option) {
    std::vector<std::string> fields;
    for (const OptionField& f : option_fields()) {
        if (f.option == &option) {
            fields.push_back(f.field);
        }
    }
    return fields;
}

std::string value_placeholder(ValueKind kind) {
    // In ValueKind's order.
    constexpr std::string_view placeholders[] = {"INT",         "NUMBER",     "X,Y",  "X,Y,Z", "X,Y[,Z]",
                                                 "X,Y[,Z];...", "NUMBER,...", "FILE", "DIR"};
    static_assert(std::size(placeholders) == static_cast<std::size_t>(ValueKind::directory) + 1);
    return std::string(placeholders[static_cast<std::size_t>(kind)]);
}

std::string choice_placeholder(std::span<const std::string_view> names) {
    return fmt::format("{}", fmt::join(names, "|"));
}

CLI::Option* typed(CLI::Option* option, ValueKind kind) {
    return option->type_name(value_placeholder(kind));
}

CLI::Option* add_file_option(CLI::App* cmd, const std::string& name, std::string& path,
                             const std::string& help) {
    return typed(cmd->add_option(name, path, help), ValueKind::file);
}

std::string flag_of_field(std::string_view field, std::span<const FieldFlag> renames) {
    const auto renamed =
        std::find_if(renames.begin(), renames.end(), [&](const FieldFlag& f) { return f.field == field; });
    if (renamed != renames.end()) {
        return std::string(renamed->flag);
    }
    std::string flag = "--";
    flag += local_name(field);
    std::replace(flag.begin(), flag.end(), '_', '-');
    return flag;
}

void refuse_given(std::span<const GivenFlag> flags, std::string_view why) {
    for (const GivenFlag& flag : flags) {
        if (flag.given) {
            throw UsageError(fmt::format("{}: {}", flag.flag, why));
        }
    }
}

FlagBinder::FlagBinder(std::span<const FieldFlag> renames, std::string_view fallback)
    : renames_(renames), fallback_(fallback) {}

FlagBinder::~FlagBinder() {
    std::erase_if(option_fields(), [this](const OptionField& f) { return f.owner == this; });
}

void FlagBinder::also_sets(const CLI::Option* option, std::string_view field) {
    option_fields().push_back({option, std::string(field), this});
}

CLI::Option* FlagBinder::bind(CLI::App* cmd, std::string_view field, const std::string& help,
                              const SettingsDescription* description, bool repeated) {
    Bound& b = bound_.emplace_back();
    b.field = field;
    b.flag = flag_of_field(field, renames_);
    b.description = description;
    CLI::Option* option =
        repeated ? cmd->add_option(b.flag, b.texts, help) : cmd->add_option(b.flag, b.text, help);
    also_sets(option, field);
    return option;
}

void FlagBinder::add_fields(CLI::App* cmd, const SettingsDescription& description, const void* defaults,
                            std::span<const std::string_view> fields, std::string_view help_prefix) {
    for (const std::string_view field : fields) {
        add_field(cmd, description, defaults, field, help_prefix);
    }
}

CLI::Option* FlagBinder::add_field(CLI::App* cmd, const SettingsDescription& description,
                                   const void* defaults, std::string_view field,
                                   std::string_view help_prefix) {
    CLI::Option* option =
        bind(cmd, field, std::string(help_prefix) + field_help(description, field, defaults), &description);
    if (const FieldDescriptor* descriptor = find_field(description, field)) {
        option->type_name(field_placeholder(*descriptor));
    }
    return option;
}

CLI::Option* FlagBinder::add(CLI::App* cmd, std::string_view field, const std::string& help, ValueKind kind) {
    return typed(bind(cmd, field, help), kind);
}

CLI::Option* FlagBinder::add_choice(CLI::App* cmd, std::string_view field, const std::string& help,
                                    std::span<const std::string_view> choices) {
    return bind(cmd, field, help)->type_name(choice_placeholder(choices));
}

CLI::Option* FlagBinder::add_repeated(CLI::App* cmd, std::string_view field, const std::string& help) {
    return bind(cmd, field, help, nullptr, true)->allow_extra_args(false);
}

const FlagBinder::Bound* FlagBinder::find(std::string_view field) const {
    const auto it =
        std::find_if(bound_.begin(), bound_.end(), [&](const Bound& b) { return b.field == field; });
    return it == bound_.end() ? nullptr : &*it;
}

bool FlagBinder::given(std::string_view field) const {
    const Bound* b = find(field);
    return b != nullptr && (!b->text.empty() || !b->texts.empty());
}

GivenFlag FlagBinder::given_flag(std::string_view field) const {
    const Bound* b = find(field);
    return b == nullptr ? GivenFlag{} : GivenFlag{given(field), b->flag};
}

const std::string& FlagBinder::text(std::string_view field) const {
    static const std::string none;
    const Bound* b = find(field);
    return b == nullptr ? none : b->text;
}

const std::vector<std::string>& FlagBinder::texts(std::string_view field) const {
    static const std::vector<std::string> none;
    const Bound* b = find(field);
    return b == nullptr ? none : b->texts;
}

void FlagBinder::apply(const SettingsDescription& description, void* settings) const {
    for (const NamedField& f : list_fields(description)) {
        const Bound* b = find(f.name);
        if (b != nullptr && b->description == &description) {
            apply_to(description, settings, f.name);
        }
    }
}

void FlagBinder::apply_to(const SettingsDescription& description, void* settings,
                          std::string_view field) const {
    const std::string& value = text(field);
    if (value.empty()) {
        return;
    }
    try {
        set_field_text(description, settings, field, value);
    } catch (const SettingsError& e) {
        // The part's own name: the set names the field inside its part.
        FieldErrors errors = e.errors();
        for (FieldError& error : errors) {
            error.field = field;
        }
        throw UsageError(message(errors));
    }
}

std::string FlagBinder::message(const FieldErrors& errors) const {
    std::string out;
    for (const FieldError& e : errors) {
        const auto bound = std::find_if(bound_.begin(), bound_.end(), [&](const Bound& b) {
            return b.field == e.field || local_name(b.field) == e.field;
        });
        const bool renamed = std::any_of(renames_.begin(), renames_.end(),
                                         [&](const FieldFlag& f) { return f.field == e.field; });
        const std::string flag = bound != bound_.end() ? bound->flag
                                 : renamed             ? flag_of_field(e.field, renames_)
                                 : e.field.empty()     ? fallback_
                                                       : fmt::format("{} {}", fallback_, e.field);
        out += fmt::format("{}{}: {}", out.empty() ? "" : "; ", flag, e.message);
    }
    return out;
}

void FlagBinder::require_valid(const FieldErrors& errors) const {
    if (!errors.empty()) {
        throw UsageError(message(errors));
    }
}

void FlagBinder::name_errors(const std::function<void()>& run) const {
    try {
        run();
    } catch (const SettingsError& e) {
        throw UsageError(message(e.errors()));
    }
}

}  // namespace kinema::cli
