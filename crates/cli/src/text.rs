//! The command line's own words, in the language `--lang` (or `FRAY_LANG`, or the locale)
//! chose: one Fluent file per language (`locales/en.ftl`, `locales/ru.ftl`), read through
//! [`fray_dice::Texts`] like every ruleset's. The English file reproduces what the command
//! line always printed, byte for byte; machine formats (JSON, CSV, the `repeat:` command)
//! never pass through here.
//!
//! Numbers reach Fluent as text already formatted (so every language shows the same digits,
//! and seeds past 2^53 stay exact), except the counts a plural form depends on.

use std::sync::LazyLock;

use fray_dice::{EncounterError, Entry, Lang, Message, RuleError, Texts};

/// The English messages.
pub const EN: &str = include_str!("../locales/en.ftl");
/// The Russian messages.
pub const RU: &str = include_str!("../locales/ru.ftl");

/// The command line's messages, after the common ones.
pub fn texts() -> &'static Texts {
    static TEXTS: LazyLock<Texts> = LazyLock::new(|| Texts::new(&[(Lang::En, EN), (Lang::Ru, RU)]));
    &TEXTS
}

/// Message `message` in `lang`.
pub fn tr(lang: Lang, message: Message) -> String {
    texts().get(lang, &message)
}

/// A refusal's explanation in `lang`, from the ruleset's own messages where it has them; the
/// English one (as the ruleset gave it) otherwise.
pub fn refusal(entry: &Entry, error: &RuleError, lang: Lang) -> String {
    error.message_in((entry.texts)(), lang)
}

/// Whether `rule` is a numbered rule of `docs/rules/` (`HUNT-06`) rather than a tag such as
/// `setup` or `dice`, which other languages put in words.
fn numbered(rule: &str) -> bool {
    rule.rsplit_once('-').is_some_and(|(prefix, n)| {
        prefix.chars().all(|c| c.is_ascii_uppercase() || c == '-')
            && !n.is_empty()
            && n.chars().all(|c| c.is_ascii_digit())
    })
}

/// A rule as `lang` names it: a numbered ID as it is, a tag (`setup`) in words.
pub fn rule_name(lang: Lang, rule: &str) -> String {
    tr(lang, fray_dice::msg!("rule-name", rule = rule))
}

/// `rule ID: explanation` in `lang`, as `RuleError`'s `Display` writes it in English.
pub fn rule_error(entry: &Entry, error: &RuleError, lang: Lang) -> String {
    tr(
        lang,
        fray_dice::msg!(
            "cli-rule-error",
            rule = rule_name(lang, error.rule.as_str()),
            message = refusal(entry, error, lang)
        ),
    )
}

/// An encounter's error in `lang`, as `EncounterError`'s `Display` writes it in English: a
/// refusal with its rule ID, or the input error (English at its source) after a label.
pub fn encounter_error(entry: &Entry, error: &EncounterError, lang: Lang) -> String {
    match error {
        EncounterError::Rule(e) => tr(
            lang,
            fray_dice::msg!(
                "cli-refused-rule",
                kind = if numbered(&e.rule) { "id" } else { "tag" },
                error = rule_error(entry, e, lang)
            ),
        ),
        EncounterError::InvalidInput(e) => tr(
            lang,
            fray_dice::msg!("cli-invalid-input", error = e.to_string()),
        ),
    }
}

/// A ruleset's name for a track or counter of its standings (`kind` is `track` or
/// `counter`), in `lang`. English keeps the key itself, as the command line always printed
/// it; a language the ruleset has no word in does too.
pub fn standing_word(ruleset: &Texts, lang: Lang, kind: &str, key: &str) -> String {
    let id = format!("{kind}-{key}");
    if lang == Lang::En || !ruleset.has(lang, &id) {
        key.to_owned()
    } else {
        ruleset.get(lang, &Message::new(id))
    }
}

/// A file error's text in `lang`: the common kinds in words with the system's code, others
/// as the system gave them.
pub fn io_error(lang: Lang, error: &std::io::Error) -> String {
    let kind = match (error.kind(), error.raw_os_error()) {
        (_, None) => "other",
        (std::io::ErrorKind::NotFound, _) => "not-found",
        (std::io::ErrorKind::PermissionDenied, _) => "denied",
        _ => "other",
    };
    let code = error.raw_os_error().unwrap_or_default().to_string();
    tr(
        lang,
        fray_dice::msg!(
            "cli-io-error",
            kind = kind,
            code = code,
            text = error.to_string()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_dice::msg;

    #[test]
    fn every_message_is_in_both_languages() {
        assert_eq!(
            fray_dice::missing_messages(&[(Lang::En, EN), (Lang::Ru, RU)]),
            Vec::<String>::new()
        );
    }

    #[test]
    fn every_id_the_sources_use_exists_and_every_message_is_used() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut sources = String::new();
        for file in std::fs::read_dir(&dir).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_some_and(|x| x == "rs") && path != dir.join("text.rs") {
                sources.push_str(&std::fs::read_to_string(&path).unwrap());
            }
        }
        // This file's own ids, outside its tests.
        let own = std::fs::read_to_string(dir.join("text.rs")).unwrap();
        sources.push_str(own.split("#[cfg(test)]").next().unwrap());
        let ids = fray_dice::message_ids(EN);
        let used: std::collections::BTreeSet<String> = sources
            .split("\"cli-")
            .skip(1)
            .map(|rest| format!("cli-{}", rest.split('"').next().unwrap()))
            .collect();
        let missing: Vec<&String> = used.difference(&ids).collect();
        assert!(missing.is_empty(), "used but not in the files: {missing:?}");
        let unused: Vec<&String> = ids.difference(&used).collect();
        assert!(unused.is_empty(), "in the files but never used: {unused:?}");
    }

    #[test]
    fn numbered_rules_keep_their_id_and_tags_are_put_in_words() {
        assert!(numbered("HUNT-06") && numbered("AND-17") && numbered("RED-42"));
        assert!(!numbered("setup") && !numbered("dice") && !numbered("X-"));
        assert_eq!(rule_name(Lang::Ru, "HUNT-06"), "HUNT-06");
        assert_eq!(rule_name(Lang::Ru, "setup"), "сценарий");
        assert_eq!(rule_name(Lang::En, "setup"), "setup");
    }

    #[test]
    fn a_refusal_is_written_in_the_language_with_its_rule_id() {
        let entry = fray::ruleset("hunt").unwrap();
        let refused = RuleError::text(
            "HUNT-07",
            (entry.texts)(),
            Message::new("hunt-refuse-no-reload"),
        );
        let error = EncounterError::Rule(refused.clone());
        assert_eq!(
            encounter_error(&entry, &error, Lang::En),
            error.to_string(),
            "English as the error itself writes it"
        );
        assert_eq!(
            encounter_error(&entry, &error, Lang::Ru),
            "правило HUNT-07: нет оружия в руках с запасом боеприпасов для смены магазина"
        );
        // A tag is put in words, without the word «правило».
        let setup = EncounterError::Rule(RuleError::new("setup", "fighters: found none"));
        assert_eq!(
            encounter_error(&entry, &setup, Lang::Ru),
            "сценарий: fighters: found none"
        );
        assert_eq!(
            encounter_error(&entry, &setup, Lang::En),
            "rule setup: fighters: found none"
        );
    }

    #[test]
    fn counts_take_the_russian_plural_forms() {
        let forms = |id: &str| -> Vec<String> {
            [1, 2, 5, 21]
                .iter()
                .map(|&n| tr(Lang::Ru, msg!(id, count = n)))
                .collect()
        };
        assert_eq!(
            forms("cli-replay-applied"),
            [
                "применена 1 команда",
                "применены 2 команды",
                "применено 5 команд",
                "применена 21 команда"
            ]
        );
        assert_eq!(
            forms("cli-replay-events"),
            ["1 событие", "2 события", "5 событий", "21 событие"]
        );
        let checked: Vec<String> = [1, 2, 5, 21]
            .iter()
            .map(|&n| tr(Lang::Ru, msg!("cli-check-ok", trials = n, seed = "1")))
            .collect();
        assert_eq!(
            checked,
            [
                "в порядке: ни ошибок, ни предупреждений (смоделирован 1 бой, зерно 1)",
                "в порядке: ни ошибок, ни предупреждений (смоделировано 2 боя, зерно 1)",
                "в порядке: ни ошибок, ни предупреждений (смоделировано 5 боёв, зерно 1)",
                "в порядке: ни ошибок, ни предупреждений (смоделирован 21 бой, зерно 1)",
            ]
        );
        // Numbers stay digits as English writes them, without grouping.
        assert_eq!(
            tr(Lang::Ru, msg!("cli-fights", count = 10_000)),
            "10000 боёв"
        );
    }

    #[test]
    fn fights_take_the_russian_plural_forms() {
        let forms: Vec<String> = [1, 2, 5, 21]
            .iter()
            .map(|&n| tr(Lang::Ru, msg!("cli-fights", count = n)))
            .collect();
        assert_eq!(forms, ["1 бой", "2 боя", "5 боёв", "21 бой"]);
        let out_of: Vec<String> = [1, 2, 5, 21]
            .iter()
            .map(|&n| {
                tr(
                    Lang::Ru,
                    msg!("check-one-sided", side = "prey", wins = 1, trials = n),
                )
            })
            .map(|line| line.rsplit(" — 1 ").next().unwrap().to_owned())
            .collect();
        assert_eq!(out_of, ["из 1 боя", "из 2 боёв", "из 5 боёв", "из 21 боя"]);
    }
}
