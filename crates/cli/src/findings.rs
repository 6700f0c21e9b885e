//! The findings of `fray check` in the chosen language.
//!
//! [`fray_dice::check_setup`] is shared with Python and keeps each finding as an English
//! line. Its generic findings (names, sides, what the simulation shows) have a few fixed
//! shapes, so they are recognised here and written again from this crate's messages; a
//! ruleset's refusal is taken again from the ruleset (its own messages give it in any
//! language). Anything else — a ruleset's lint warning, a JSON error — is printed as it was
//! given, English at its source. In English every line is the finding's own text: a test
//! below writes each shape back and compares.

use fray_dice::{msg, EncounterError, Entry, Finding, Lang, Message, CHECK_SEED};

use crate::text::{refusal, rule_name, tr};

/// One line per finding, in `lang`, as `Finding`'s `Display` writes them in English.
pub fn lines(entry: &Entry, setup: &str, findings: &[Finding], lang: Lang) -> Vec<String> {
    findings
        .iter()
        .map(|finding| match finding {
            Finding::Error { message } => tr(
                lang,
                msg!(
                    "cli-finding-error",
                    message = error(entry, setup, message, lang)
                ),
            ),
            Finding::Warning {
                path: Some(path),
                message,
            } => tr(
                lang,
                msg!(
                    "cli-finding-warning",
                    path = path.as_str(),
                    message = warning(message, lang)
                ),
            ),
            Finding::Warning {
                path: None,
                message,
            } => tr(
                lang,
                msg!("cli-finding-simulation", message = warning(message, lang)),
            ),
        })
        .collect()
}

/// An error finding in `lang`. The refusal of the setup is asked of the ruleset again (the
/// finding keeps only its English text); it is the same refusal, as starting is
/// deterministic.
fn error(entry: &Entry, setup: &str, message: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return message.to_owned();
    }
    if let Some(rest) = message.strip_prefix("simulation: ") {
        return tr(lang, msg!("cli-finding-simulation-error", message = rest));
    }
    match (entry.start)(setup, CHECK_SEED, 0) {
        Err(EncounterError::Rule(e)) => {
            let text = refusal(entry, &e, lang);
            // As `check_setup` writes it: the setup check's own refusals without a rule ID.
            let line = if e.rule == "setup" {
                text
            } else {
                tr(
                    lang,
                    msg!(
                        "cli-finding-rule",
                        message = text,
                        rule = rule_name(lang, &e.rule)
                    ),
                )
            };
            line.split_whitespace().collect::<Vec<_>>().join(" ")
        }
        _ => message.to_owned(),
    }
}

/// A warning in `lang`: a recognised shape from this crate's messages, else as given.
fn warning(message: &str, lang: Lang) -> String {
    match recognise(message) {
        Some(m) => tr(lang, m),
        None => message.to_owned(),
    }
}

/// `text` split around `middle`, the part before it starting with `prefix` (removed).
fn around<'a>(text: &'a str, prefix: &str, middle: &str) -> Option<(&'a str, &'a str)> {
    text.strip_prefix(prefix)?.split_once(middle)
}

/// A whole number, for the counts the plural forms select on.
fn count(text: &str) -> Option<u64> {
    text.parse().ok()
}

/// The message of a generic finding of `fray_dice::check_setup`, from its English text.
fn recognise(text: &str) -> Option<Message> {
    if text == "the name is empty" {
        return Some(msg!("cli-check-name-empty"));
    }
    if let Some((name, rest)) = around(text, "\"", "\" differs from ") {
        let (other, earlier) = rest.strip_suffix("\" only in case")?.split_once(" \"")?;
        return Some(msg!(
            "cli-check-name-case",
            name = name,
            other = other,
            earlier = earlier
        ));
    }
    if let Some((name, other)) = around(text, "\"", "\" repeats ") {
        return Some(msg!("cli-check-name-repeats", name = name, other = other));
    }
    if let Some(side) = text
        .strip_prefix("only one participant (side ")
        .and_then(|r| r.strip_suffix(')'))
    {
        return Some(msg!("cli-check-one-participant", side = side));
    }
    if let Some(side) = text
        .strip_prefix("everyone is on one side (")
        .and_then(|r| r.strip_suffix("): nobody to fight"))
    {
        return Some(msg!("cli-check-one-side", side = side));
    }
    if let Some(n) = text
        .strip_prefix("no side won any of ")
        .and_then(|r| r.strip_suffix(" fights (a fight no side can win)"))
    {
        return Some(msg!("cli-check-no-winner", trials = count(n)?));
    }
    if let Some((side, rest)) = around(text, "one-sided: ", " won ") {
        let (wins, rest) = rest.split_once(" of ")?;
        let n = rest.strip_suffix(" fights and no other side won any")?;
        return Some(msg!(
            "cli-check-one-sided",
            side = side,
            wins = count(wins)?,
            trials = count(n)?
        ));
    }
    let (k, rest) = text.split_once(" of ")?;
    let (n, rest) = rest.split_once(" fights ")?;
    let (k, n) = (count(k)?, count(n)?);
    if rest == "stopped at the round limit" {
        return Some(msg!("cli-check-round-limit", count = k, trials = n));
    }
    let commands = rest
        .strip_prefix("were cut off unfinished after ")?
        .strip_suffix(" commands")?;
    Some(msg!(
        "cli-check-cut-off",
        count = k,
        trials = n,
        commands = count(commands)?
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shape `fray_dice::check_setup` writes (see its `check.rs`), as it writes it.
    const SHAPES: [&str; 9] = [
        "the name is empty",
        "\"Vera\" repeats fighters[0].name",
        "\"vera\" differs from fighters[0].name \"Vera\" only in case",
        "only one participant (side 0)",
        "everyone is on one side (1): nobody to fight",
        "no side won any of 200 fights (a fight no side can win)",
        "one-sided: side_a won 21 of 200 fights and no other side won any",
        "5 of 200 fights stopped at the round limit",
        "1 of 200 fights were cut off unfinished after 10000 commands",
    ];

    #[test]
    fn every_shape_is_recognised_and_written_back_the_same_in_english() {
        for text in SHAPES {
            let message = recognise(text).unwrap_or_else(|| panic!("{text} not recognised"));
            assert_eq!(tr(Lang::En, message), text);
        }
        assert_eq!(recognise("threshold 7: a d6 never reaches 7"), None);
    }

    #[test]
    fn every_shape_reads_in_russian_without_english_words() {
        let expected = [
            "имя пустое",
            "«Vera» повторяет fighters[0].name",
            "«vera» отличается от fighters[0].name «Vera» только регистром",
            "только один участник (сторона 0)",
            "все на одной стороне (1): сражаться не с кем",
            "ни одна сторона не выиграла ни одного из 200 боёв (в этом бою победить нельзя)",
            "в одни ворота: победы только у side_a — 21 из 200 боёв",
            "на пределе раундов остановлено 5 из 200 боёв",
            "1 из 200 боёв прерван без исхода после 10000 команд",
        ];
        for (text, want) in SHAPES.iter().zip(expected) {
            let line = warning(text, Lang::Ru);
            assert_eq!(line, want);
            let names = ["Vera", "vera", "fighters", "name", "side_a"];
            assert_eq!(
                fray_dice::lint_line(&line, Lang::Ru, &names),
                [] as [String; 0]
            );
        }
    }
}
