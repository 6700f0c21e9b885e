//! Readable text in several languages, made from events with Project Fluent.
//!
//! Each ruleset keeps one message file per language (`locales/en.ftl`, `locales/ru.ftl`) and
//! builds its [`Texts`] once; [`Texts::get`] formats a message with its arguments. Fluent picks
//! Russian's three plural categories (`one`, `few`, `many`) from the number itself, so a file
//! says `{ $n -> [one] кубик [few] кубика *[many] кубиков }` and never computes a form in code.
//!
//! The files of every ruleset start with this crate's common messages ([`COMMON_EN`],
//! [`COMMON_RU`]): the fight summary and the words every ruleset shares.

use std::collections::BTreeSet;
use std::fmt;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorKind};

/// The common English messages every ruleset's bundle starts with.
pub const COMMON_EN: &str = include_str!("../locales/en.ftl");
/// The common Russian messages every ruleset's bundle starts with.
pub const COMMON_RU: &str = include_str!("../locales/ru.ftl");

/// A language Fray writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English, the default.
    #[default]
    En,
    /// Russian: the language of three of the five sources and of their players.
    Ru,
}

impl Lang {
    /// Every language, in a fixed order.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ru];

    /// The language code: `"en"`, `"ru"`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
        }
    }

    /// Reads a language code (`en`, `ru`, also `ru_RU.UTF-8`, `en-GB`), case-insensitively.
    pub fn parse(text: &str) -> Result<Lang, Error> {
        let base = text
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match base.as_str() {
            "en" | "c" | "posix" => Ok(Lang::En),
            "ru" => Ok(Lang::Ru),
            _ => Err(Error::new(
                ErrorKind::Language,
                format!("unknown language {text:?}: Fray writes en and ru"),
            )),
        }
    }

    /// The language the environment asks for: `FRAY_LANG`, then `LC_ALL`, `LC_MESSAGES` and
    /// `LANG` as a POSIX program reads them; English when none names a language Fray writes.
    /// A `FRAY_LANG` Fray cannot write is an error rather than a silent fallback.
    pub fn from_env() -> Result<Lang, Error> {
        if let Some(value) = std::env::var("FRAY_LANG").ok().filter(|v| !v.is_empty()) {
            return Lang::parse(&value).map_err(|e| {
                Error::new(ErrorKind::Language, format!("FRAY_LANG: {}", e.message()))
            });
        }
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let Some(value) = std::env::var(key).ok().filter(|v| !v.is_empty()) {
                return Ok(Lang::parse(&value).unwrap_or(Lang::En));
            }
        }
        Ok(Lang::En)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Who reads a log: the game master sees everything, a participant what the rules let them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// The game master: every event, every secret.
    #[default]
    GameMaster,
    /// One participant, by name, and the player behind it.
    Participant(String),
}

impl Viewer {
    /// Whether this viewer may see what `name` keeps secret (the game master and `name`).
    pub fn sees_secrets_of(&self, name: &str) -> bool {
        match self {
            Viewer::GameMaster => true,
            Viewer::Participant(me) => me == name,
        }
    }
}

/// How a log is written: in which language, for whom.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The language of every line.
    pub lang: Lang,
    /// The reader.
    pub viewer: Viewer,
}

impl View {
    /// The game master's view in `lang`.
    pub fn game_master(lang: Lang) -> View {
        View {
            lang,
            viewer: Viewer::GameMaster,
        }
    }

    /// Participant `name`'s view in `lang`.
    pub fn participant(lang: Lang, name: impl Into<String>) -> View {
        View {
            lang,
            viewer: Viewer::Participant(name.into()),
        }
    }
}

/// A value a message is formatted with. Kept as plain data so a refusal can carry its
/// message's arguments and be written again in another language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    /// A whole number (selects plural forms).
    Int(i64),
    /// A text: a name, or an already formatted part.
    Str(String),
}

impl From<i64> for Arg {
    fn from(v: i64) -> Self {
        Arg::Int(v)
    }
}
impl From<i32> for Arg {
    fn from(v: i32) -> Self {
        Arg::Int(v.into())
    }
}
impl From<u32> for Arg {
    fn from(v: u32) -> Self {
        Arg::Int(v.into())
    }
}
impl From<u8> for Arg {
    fn from(v: u8) -> Self {
        Arg::Int(v.into())
    }
}
impl From<i8> for Arg {
    fn from(v: i8) -> Self {
        Arg::Int(v.into())
    }
}
impl From<u16> for Arg {
    fn from(v: u16) -> Self {
        Arg::Int(v.into())
    }
}
impl From<i16> for Arg {
    fn from(v: i16) -> Self {
        Arg::Int(v.into())
    }
}
impl From<usize> for Arg {
    fn from(v: usize) -> Self {
        Arg::Int(i64::try_from(v).unwrap_or(i64::MAX))
    }
}
impl From<u64> for Arg {
    fn from(v: u64) -> Self {
        Arg::Int(i64::try_from(v).unwrap_or(i64::MAX))
    }
}
impl From<&str> for Arg {
    fn from(v: &str) -> Self {
        Arg::Str(v.to_owned())
    }
}
impl From<String> for Arg {
    fn from(v: String) -> Self {
        Arg::Str(v)
    }
}
impl From<&String> for Arg {
    fn from(v: &String) -> Self {
        Arg::Str(v.clone())
    }
}

/// A message id and its arguments, formatted when a language is chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// The Fluent message id.
    pub id: String,
    /// Named arguments, in the order given.
    pub args: Vec<(String, Arg)>,
}

impl Message {
    /// A message without arguments.
    pub fn new(id: impl Into<String>) -> Message {
        Message {
            id: id.into(),
            args: Vec::new(),
        }
    }

    /// Adds an argument.
    pub fn arg(mut self, name: impl Into<String>, value: impl Into<Arg>) -> Message {
        self.args.push((name.into(), value.into()));
        self
    }
}

/// Builds a [`Message`]: `msg!("hunt-attack", actor = name, dice = 3)`.
#[macro_export]
macro_rules! msg {
    ($id:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::Message::new($id)$(.arg(stringify!($name), $value))*
    };
}

/// One ruleset's messages in every language.
pub struct Texts {
    bundles: Vec<(Lang, FluentBundle<FluentResource>)>,
}

impl fmt::Debug for Texts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Texts")
            .field(
                "languages",
                &self.bundles.iter().map(|(l, _)| *l).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Texts {
    /// Builds the bundles from one message file per language, each after the common messages.
    /// Fails with the file and the parse error: the files are compiled in, so a test that
    /// builds them catches every mistake.
    pub fn try_new(files: &[(Lang, &str)]) -> Result<Texts, Error> {
        let mut bundles = Vec::new();
        for &(lang, source) in files {
            let common = match lang {
                Lang::En => COMMON_EN,
                Lang::Ru => COMMON_RU,
            };
            let langid: unic_langid::LanguageIdentifier =
                lang.code().parse().expect("en and ru are language ids");
            let mut bundle = FluentBundle::new_concurrent(vec![langid]);
            // Isolation marks would put invisible characters into every posted line.
            bundle.set_use_isolating(false);
            for (what, text) in [("common", common), ("ruleset", source)] {
                let resource =
                    FluentResource::try_new(text.to_owned()).map_err(|(_, errors)| {
                        Error::new(
                            ErrorKind::Language,
                            format!("{what} messages ({lang}) do not parse: {errors:?}"),
                        )
                    })?;
                bundle.add_resource(resource).map_err(|errors| {
                    Error::new(
                        ErrorKind::Language,
                        format!("{what} messages ({lang}) repeat an id: {errors:?}"),
                    )
                })?;
            }
            bundles.push((lang, bundle));
        }
        Ok(Texts { bundles })
    }

    /// [`Texts::try_new`] for compiled-in files, which a test proves valid.
    pub fn new(files: &[(Lang, &str)]) -> Texts {
        match Texts::try_new(files) {
            Ok(texts) => texts,
            Err(e) => panic!("{}", e.message()),
        }
    }

    /// Only the common messages, for rulesets that have none of their own yet.
    pub fn common() -> &'static Texts {
        static COMMON: std::sync::LazyLock<Texts> =
            std::sync::LazyLock::new(|| Texts::new(&[(Lang::En, ""), (Lang::Ru, "")]));
        &COMMON
    }

    fn bundle(&self, lang: Lang) -> &FluentBundle<FluentResource> {
        self.bundles
            .iter()
            .find(|(l, _)| *l == lang)
            .or_else(|| self.bundles.first())
            .map(|(_, b)| b)
            .expect("a Texts has at least one language")
    }

    /// Formats message `id` in `lang`. A missing message or argument shows as `{id}` in the
    /// text — visible, and caught by the log tests — rather than failing a fight.
    pub fn get(&self, lang: Lang, message: &Message) -> String {
        let bundle = self.bundle(lang);
        let Some(pattern) = bundle.get_message(&message.id).and_then(|m| m.value()) else {
            return format!("{{{}}}", message.id);
        };
        let mut args = FluentArgs::new();
        for (name, value) in &message.args {
            match value {
                Arg::Int(n) => args.set(name.as_str(), FluentValue::from(*n)),
                Arg::Str(s) => args.set(name.as_str(), FluentValue::from(s.as_str())),
            }
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
        if errors.is_empty() {
            text.into_owned()
        } else {
            format!("{{{}: {errors:?}}}", message.id)
        }
    }

    /// Whether `lang` has message `id`.
    pub fn has(&self, lang: Lang, id: &str) -> bool {
        self.bundle(lang).has_message(id)
    }
}

/// The message ids a Fluent file defines (terms, `-name`, excluded).
pub fn message_ids(source: &str) -> BTreeSet<String> {
    let resource = match FluentResource::try_new(source.to_owned()) {
        Ok(r) => r,
        Err((r, _)) => r,
    };
    resource
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

/// The ids one language's file has and another's lacks, as lines naming both: empty when the
/// files agree. Every ruleset's tests call it on its pair of files.
pub fn missing_messages(files: &[(Lang, &str)]) -> Vec<String> {
    let sets: Vec<(Lang, BTreeSet<String>)> = files
        .iter()
        .map(|&(lang, source)| (lang, message_ids(source)))
        .collect();
    let mut problems = Vec::new();
    for (lang, ids) in &sets {
        for (other, other_ids) in &sets {
            for id in ids.difference(other_ids) {
                problems.push(format!("{id} is in {lang} but not in {other}"));
            }
        }
    }
    problems
}

/// What is wrong with a ruleset's refusal messages (the ids starting with `prefix`), for its
/// tests (issue 18): an id in the message files that no source file under `src` names, an id
/// the sources name (`"prefix…"`) that the files lack, and a message that does not render
/// clean ([`lint_line`], the words in `typed` allowed) in each language, with every variable
/// it uses set to 1, 2, 5 and 21 in turn (the plural forms). Returns how many ids there are,
/// and the problems.
pub fn refusal_message_problems(
    src: &std::path::Path,
    locales: &[(Lang, &str)],
    texts: &Texts,
    prefix: &str,
    typed: &[&str],
) -> (usize, Vec<String>) {
    fn walk(dir: &std::path::Path, out: &mut String) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().collect();
        entries.sort_by_key(std::fs::DirEntry::path);
        for e in entries {
            let path = e.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "rs") {
                out.push_str(&std::fs::read_to_string(&path).unwrap_or_default());
            }
        }
    }
    // The `$variables` of message `id`: its first line and the lines after it that do not
    // start a new entry (indented, or a selector's closing `}`).
    fn variables(source: &str, id: &str) -> BTreeSet<String> {
        let start = format!("{id} =");
        let mut lines = source.lines().skip_while(|l| !l.starts_with(&start));
        let body: Vec<&str> = lines
            .next()
            .into_iter()
            .chain(lines.take_while(|l| l.starts_with(' ') || l.starts_with('}')))
            .collect();
        body.join("\n")
            .split('$')
            .skip(1)
            .map(|rest| {
                rest.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                    .collect()
            })
            .collect()
    }
    let mut sources = String::new();
    walk(src, &mut sources);
    let ids: BTreeSet<String> = locales
        .iter()
        .flat_map(|(_, source)| message_ids(source))
        .filter(|id| id.starts_with(prefix))
        .collect();
    let mut problems = Vec::new();
    for id in &ids {
        if !sources.contains(&format!("\"{id}\"")) {
            problems.push(format!(
                "{id} is in the message files but no source uses it"
            ));
        }
        for n in [1, 2, 5, 21] {
            for &(lang, source) in locales {
                let mut m = Message::new(id.as_str());
                for v in variables(source, id) {
                    m = m.arg(v, n);
                }
                let text = texts.get(lang, &m);
                let found = lint_line(&text, lang, typed);
                if !found.is_empty() {
                    problems.push(format!("{id} ({lang}, {n}): {text:?}: {found:?}"));
                }
            }
        }
    }
    for piece in sources.split(&format!("\"{prefix}")).skip(1) {
        let id = format!("{prefix}{}", piece.split('"').next().unwrap_or(""));
        if !ids.contains(&id) {
            problems.push(format!("the sources use {id}, the message files lack it"));
        }
    }
    (ids.len(), problems)
}

/// What a log line must never contain, as a list of problems (empty when the line is clean):
/// Rust debug artefacts (`{`, `::`, `Some(`), CamelCase words, identifiers with `_`, a
/// missing message (`{id}`), and in Russian any Latin word except `allowed` (proper names,
/// dice notation such as `2d6` and rule IDs such as `HUNT-06` are always allowed).
pub fn lint_line(line: &str, lang: Lang, allowed: &[&str]) -> Vec<String> {
    let mut problems = Vec::new();
    for artefact in ["{", "}", "::", "Some(", "None", "\u{2068}"] {
        if line.contains(artefact) {
            problems.push(format!("contains {artefact:?}"));
        }
    }
    for word in line.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-')) {
        let word = word.trim_matches('-');
        if word.is_empty() || allowed.contains(&word) {
            continue;
        }
        if word.contains('_') {
            problems.push(format!("identifier {word:?}"));
            continue;
        }
        if is_camel_case(word) {
            problems.push(format!("CamelCase {word:?}"));
            continue;
        }
        if lang == Lang::Ru && word.chars().any(|c| c.is_ascii_alphabetic()) && !is_notation(word) {
            problems.push(format!("Latin word {word:?} in Russian text"));
        }
    }
    problems
}

/// `FullDefense`, `takeUp`: a lower-case letter directly followed by an upper-case one.
fn is_camel_case(word: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    chars
        .windows(2)
        .any(|w| w[0].is_lowercase() && w[1].is_uppercase())
}

/// Dice notation (`2d6`, `d10`, `1d6!`), rule IDs (`HUNT-06`) and Roman numerals, which
/// Russian text uses as they are.
fn is_notation(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    let dice = lower
        .split_once('d')
        .is_some_and(|(n, s)| n.chars().all(|c| c.is_ascii_digit()) && !s.is_empty());
    let rule = word.split_once('-').is_some_and(|(p, n)| {
        p.chars().all(|c| c.is_ascii_uppercase())
            && n.chars().all(|c| c.is_ascii_digit())
            && !n.is_empty()
    });
    let roman = word.chars().all(|c| "IVX".contains(c));
    dice || rule || roman
}

/// What a participant ends a fight with: its state, its tracks, what it spent. Rulesets fill
/// it ([`crate::Ruleset::standing`]); the summary lines and per-combatant statistics read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// The participant's name.
    pub name: String,
    /// Its side's index.
    pub side: usize,
    /// Whether it can still act.
    pub up: bool,
    /// Its state, as a key of the ruleset's messages (`state-<key>`): `"unhurt"`, `"dead"`…
    pub state: &'static str,
    /// Health, stress, wounds…: each with its value and maximum.
    pub tracks: Vec<Track>,
    /// What it spent or did, as counts: ammunition, stunt points, Heat, damage dealt…
    pub counters: Vec<Counter>,
    /// The round it was taken out in, when it was.
    pub defeated_round: Option<u32>,
}

/// A bounded track of a participant (`track-<key>` in the ruleset's messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Track {
    /// The track's key: `"health"`, `"stress"`, `"endurance"`…
    pub key: &'static str,
    /// Its value at the end.
    pub now: i64,
    /// Its maximum.
    pub max: i64,
}

/// A count of a participant (`counter-<key>` in the ruleset's messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Counter {
    /// The counter's key: `"damage_dealt"`, `"ammo_spent"`…
    pub key: &'static str,
    /// Its value at the end.
    pub value: i64,
}

/// The fight summary: one line per participant, in `lang` (`summary-line` of the common
/// messages, with the ruleset's `state-`, `track-` and `counter-` messages).
pub fn summary_lines(texts: &Texts, lang: Lang, standings: &[Standing]) -> Vec<String> {
    standings
        .iter()
        .map(|s| {
            let mut parts = vec![texts.get(lang, &Message::new(format!("state-{}", s.state)))];
            for t in &s.tracks {
                parts.push(texts.get(
                    lang,
                    &crate::msg!(
                        "summary-track",
                        track = texts.get(lang, &Message::new(format!("track-{}", t.key))),
                        now = t.now,
                        max = t.max
                    ),
                ));
            }
            for c in &s.counters {
                parts.push(texts.get(
                    lang,
                    &crate::msg!(
                        "summary-counter",
                        counter = texts.get(lang, &Message::new(format!("counter-{}", c.key))),
                        value = c.value
                    ),
                ));
            }
            texts.get(
                lang,
                &crate::msg!(
                    "summary-line",
                    name = s.name.as_str(),
                    details = parts.join("; ")
                ),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: &str =
        "dice = { $n ->\n    [one] one die\n   *[other] { $n } dice\n}\nstate-dead = dead\n";
    const RU: &str = "dice = { $n ->\n    [one] { $n } кубик\n    [few] { $n } кубика\n   *[many] { $n } кубиков\n}\nstate-dead = мёртв\n";

    #[test]
    fn russian_plurals_follow_the_number() {
        let texts = Texts::new(&[(Lang::En, EN), (Lang::Ru, RU)]);
        let forms: Vec<String> = [1, 2, 5, 11, 21, 22, 25]
            .iter()
            .map(|&n| texts.get(Lang::Ru, &msg!("dice", n = n)))
            .collect();
        assert_eq!(
            forms,
            [
                "1 кубик",
                "2 кубика",
                "5 кубиков",
                "11 кубиков",
                "21 кубик",
                "22 кубика",
                "25 кубиков"
            ]
        );
        assert_eq!(texts.get(Lang::En, &msg!("dice", n = 1)), "one die");
        assert_eq!(texts.get(Lang::En, &msg!("dice", n = 3)), "3 dice");
    }

    #[test]
    fn a_missing_message_shows_and_is_caught() {
        let texts = Texts::new(&[(Lang::En, EN), (Lang::Ru, RU)]);
        let line = texts.get(Lang::En, &Message::new("nowhere"));
        assert_eq!(line, "{nowhere}");
        assert!(!lint_line(&line, Lang::En, &[]).is_empty());
    }

    #[test]
    fn files_that_differ_are_reported() {
        let problems = missing_messages(&[(Lang::En, "a = A\nb = B\n"), (Lang::Ru, "a = А\n")]);
        assert_eq!(problems, ["b is in en but not in ru"]);
        assert!(missing_messages(&[(Lang::En, COMMON_EN), (Lang::Ru, COMMON_RU)]).is_empty());
    }

    #[test]
    fn lint_finds_artefacts_and_latin_words() {
        assert_eq!(lint_line("Vera takes FullDefense", Lang::En, &[]).len(), 1);
        assert_eq!(lint_line("side_a wins", Lang::En, &[]).len(), 1);
        assert_eq!(lint_line("Some(3)", Lang::En, &[]).len(), 1);
        assert!(lint_line("Вера бросает 2d6 (HUNT-06)", Lang::Ru, &[]).is_empty());
        assert_eq!(lint_line("Вера hits Каска", Lang::Ru, &[]).len(), 1);
        assert!(lint_line("Vera бьёт", Lang::Ru, &["Vera"]).is_empty());
    }

    #[test]
    fn languages_parse_from_codes_and_locales() {
        assert_eq!(Lang::parse("ru_RU.UTF-8").unwrap(), Lang::Ru);
        assert_eq!(Lang::parse("EN-gb").unwrap(), Lang::En);
        assert_eq!(Lang::parse("C").unwrap(), Lang::En);
        let e = Lang::parse("de").unwrap_err();
        assert_eq!(
            e.message(),
            "unknown language \"de\": Fray writes en and ru"
        );
    }

    #[test]
    fn the_summary_names_state_tracks_and_counters() {
        let texts = Texts::new(&[
            (
                Lang::En,
                "state-dead = dead\ntrack-health = health\ncounter-ammo = ammunition spent\n",
            ),
            (
                Lang::Ru,
                "state-dead = мёртв\ntrack-health = здоровье\ncounter-ammo = потрачено патронов\n",
            ),
        ]);
        let standing = Standing {
            name: "Vera".into(),
            side: 0,
            up: false,
            state: "dead",
            tracks: vec![Track {
                key: "health",
                now: 0,
                max: 12,
            }],
            counters: vec![Counter {
                key: "ammo",
                value: 3,
            }],
            defeated_round: Some(4),
        };
        assert_eq!(
            summary_lines(&texts, Lang::En, std::slice::from_ref(&standing)),
            ["Vera: dead; health 0/12; ammunition spent 3"]
        );
        assert_eq!(
            summary_lines(&texts, Lang::Ru, &[standing]),
            ["Vera: мёртв; здоровье 0/12; потрачено патронов 3"]
        );
    }

    #[test]
    fn refusal_message_problems_name_unused_missing_and_unclean_messages() {
        let en = "x-refuse-used = { $n ->\n    [one] one die\n   *[other] { $n } dice\n}\nx-refuse-unused = never\nx-refuse-bad = plain\n";
        let ru = "x-refuse-used = { $n ->\n    [one] { $n } кубик\n    [few] { $n } кубика\n   *[many] { $n } кубиков\n}\nx-refuse-unused = никогда\nx-refuse-bad = still English\n";
        let dir = std::env::temp_dir().join(format!("fray-refusals-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("engine")).unwrap();
        std::fs::write(
            dir.join("lib.rs"),
            r#"msg!("x-refuse-used"); msg!("x-refuse-bad");"#,
        )
        .unwrap();
        std::fs::write(dir.join("engine/mod.rs"), r#"msg!("x-refuse-gone")"#).unwrap();
        let files = [(Lang::En, en), (Lang::Ru, ru)];
        let (ids, problems) =
            refusal_message_problems(&dir, &files, &Texts::new(&files), "x-refuse-", &[]);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(ids, 3);
        // "still English" fails the lint four times (once per count); the rest once each.
        assert_eq!(problems.len(), 6, "{problems:#?}");
        assert!(problems[0].starts_with("x-refuse-bad (ru, 1): \"still English\""));
        assert_eq!(
            problems[4],
            "x-refuse-unused is in the message files but no source uses it"
        );
        assert_eq!(
            problems[5],
            "the sources use x-refuse-gone, the message files lack it"
        );
    }
}
