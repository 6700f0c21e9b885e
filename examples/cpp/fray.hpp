// fray.hpp — a small header-only RAII wrapper over the C ABI (include/fray.h), C++17.
//
// Handles are owned by std::unique_ptr with the library's _free as deleter, strings the
// library returns are copied into std::string and freed at once, and every failure throws
// fray::Error carrying the fray_result code and the library's detail message.
#pragma once

#include <fray.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fray {

/// A failed call: the code, the library's detail message and, for FRAY_RULE, the rule id.
class Error : public std::runtime_error {
public:
    Error(fray_result code, const std::string &message, std::string rule = std::string())
        : std::runtime_error(message), code_(code), rule_(std::move(rule)) {}
    /// The fray_result code of the failure.
    fray_result code() const noexcept { return code_; }
    /// The rule id of a FRAY_RULE refusal ("HUNT-06"); empty for every other failure.
    const std::string &rule() const noexcept { return rule_; }

private:
    fray_result code_;
    std::string rule_;
};

namespace detail {

struct StringFree {
    void operator()(char *s) const noexcept { fray_string_free(s); }
};
using OwnedString = std::unique_ptr<char, StringFree>;

/// Copies a string the library returned into a std::string and frees it.
inline std::string take(char *raw) {
    OwnedString owned(raw);
    return owned ? std::string(owned.get()) : std::string();
}

/// Throws fray::Error for any code but FRAY_OK.
inline void check(fray_result code) {
    if (code == FRAY_OK) return;
    char *detail = nullptr;
    std::string message = fray_error_message(code);
    if (fray_last_error(&detail) == FRAY_OK) message += ": " + take(detail);
    char *rule = nullptr;
    std::string id = fray_last_error_rule(&rule) == FRAY_OK ? take(rule) : std::string();
    throw Error(code, message, id);
}

}  // namespace detail

/// A seeded dice generator.
class Rng {
public:
    Rng(std::uint64_t seed, std::uint64_t stream) {
        fray_rng *raw = nullptr;
        detail::check(fray_rng_new(seed, stream, &raw));
        handle_.reset(raw);
    }
    /// One die with `sides` faces.
    std::uint32_t roll(std::uint32_t sides) {
        std::uint32_t out = 0;
        detail::check(fray_rng_roll(handle_.get(), sides, &out));
        return out;
    }
    /// The total of dice notation such as "3d8kh2+2".
    std::int64_t roll(std::string_view expression) {
        std::int64_t out = 0;
        detail::check(fray_roll(handle_.get(), expression.data(), expression.size(), &out));
        return out;
    }
    /// The roll with its transcript as JSON.
    std::string roll_json(std::string_view expression) {
        char *out = nullptr;
        detail::check(fray_roll_json(handle_.get(), expression.data(), expression.size(), &out));
        return detail::take(out);
    }
    /// The raw handle, for the typed hot paths.
    fray_rng *get() const noexcept { return handle_.get(); }

private:
    struct Free {
        void operator()(fray_rng *r) const noexcept { fray_rng_free(r); }
    };
    std::unique_ptr<fray_rng, Free> handle_;
};

/// A running encounter of any ruleset, driven by JSON.
class Encounter {
public:
    Encounter(std::string_view ruleset, std::string_view setup_json, std::uint64_t seed,
              std::uint64_t stream = 0) {
        fray_encounter *raw = nullptr;
        detail::check(fray_encounter_new(ruleset.data(), ruleset.size(), setup_json.data(),
                                         setup_json.size(), seed, stream, &raw));
        handle_.reset(raw);
    }
    /// Applies a command; returns its events as a JSON array. Throws (and changes nothing)
    /// if the command is malformed or the rules refuse it.
    std::string apply(std::string_view command_json) {
        char *out = nullptr;
        detail::check(fray_encounter_apply(handle_.get(), command_json.data(),
                                           command_json.size(), &out));
        return detail::take(out);
    }
    /// The default tactic's next command, or nothing when the fight is over.
    std::optional<std::string> suggest() const {
        char *out = nullptr;
        detail::check(fray_encounter_suggest(handle_.get(), &out));
        if (out == nullptr) return std::nullopt;
        return detail::take(out);
    }
    /// The whole state as JSON.
    std::string state_json() const { return get(fray_encounter_state_json); }
    /// Every event so far as a JSON array.
    std::string events_json() const { return get(fray_encounter_events_json); }
    /// The replay file as JSON.
    std::string replay_json() const { return get(fray_encounter_replay_json); }

private:
    std::string get(fray_result (*fn)(fray_encounter *, char **)) const {
        char *out = nullptr;
        detail::check(fn(handle_.get(), &out));
        return detail::take(out);
    }
    struct Free {
        void operator()(fray_encounter *e) const noexcept { fray_encounter_free(e); }
    };
    std::unique_ptr<fray_encounter, Free> handle_;
};

/// The ids of every ruleset in this build.
inline std::vector<std::string> rulesets() {
    std::size_t count = 0;
    detail::check(fray_ruleset_count(&count));
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < count; i++) {
        char *id = nullptr;
        detail::check(fray_ruleset_id(i, &id));
        ids.push_back(detail::take(id));
    }
    return ids;
}

/// The setup JSON of a ruleset's demo fight.
inline std::string demo_setup(std::string_view ruleset) {
    char *out = nullptr;
    detail::check(fray_demo_setup_json(ruleset.data(), ruleset.size(), &out));
    return detail::take(out);
}

/// The seed of a ruleset's demo fight.
inline std::uint64_t demo_seed(std::string_view ruleset) {
    std::uint64_t out = 0;
    detail::check(fray_demo_seed(ruleset.data(), ruleset.size(), &out));
    return out;
}

/// One readable line per event of `events_json` (an event or an array), joined by "\n".
inline std::string describe(std::string_view ruleset, std::string_view events_json) {
    char *out = nullptr;
    detail::check(fray_describe_events(ruleset.data(), ruleset.size(), events_json.data(),
                                       events_json.size(), &out));
    return detail::take(out);
}

/// Verifies a replay file; returns the report JSON or throws with the first difference.
inline std::string verify_replay(std::string_view replay_json) {
    char *out = nullptr;
    detail::check(fray_replay_verify(replay_json.data(), replay_json.size(), &out));
    return detail::take(out);
}

}  // namespace fray
