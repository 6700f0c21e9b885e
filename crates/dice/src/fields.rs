//! Setup refusals that name the field (issue 19), in one style for every ruleset:
//! `PATH: found FOUND, allowed ALLOWED`, and the rule that names are non-empty and unique
//! ignoring case. Ranges and names are refused from the common messages, so they read in
//! every language; [`refuse`] writes the English text it is given.

use std::fmt::{self, Display};
use std::ops::RangeInclusive;

use crate::RuleError;

/// A path written only when a refusal shows it: `path(move |f| write!(f, "fighters[{i}].side"))`.
/// Setups are checked at every start (every trial of a simulation), so the paths of values
/// that pass must cost nothing.
pub fn path<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result>(write: F) -> impl Display {
    struct Path<F>(F);
    impl<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result> Display for Path<F> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            (self.0)(f)
        }
    }
    Path(write)
}

/// A refusal of the value at `path`: `PATH: found FOUND, allowed ALLOWED`.
#[cold]
pub fn refuse(
    rule: &'static str,
    path: impl Display,
    found: impl Display,
    allowed: impl Display,
) -> RuleError {
    RuleError::new(rule, format!("{path}: found {found}, allowed {allowed}"))
}

/// Refuses `value` at `path` outside `range` (`allowed LO..=HI`); the path is formatted only
/// on failure. The refusal is written from the common messages, so it reads in every
/// language ([`RuleError::message_in`]).
pub fn within<T: PartialOrd + Display>(
    rule: &'static str,
    path: impl Display,
    value: T,
    range: RangeInclusive<T>,
) -> Result<(), RuleError> {
    if range.contains(&value) {
        return Ok(());
    }
    Err(out_of_range(rule, path, value, range.start(), range.end()))
}

/// A refusal of `found` at `path`, outside `low ..= high`: `PATH: found FOUND, allowed
/// LOW..=HIGH` in English, in every language through [`RuleError::message_in`].
#[cold]
pub fn out_of_range(
    rule: &'static str,
    path: impl Display,
    found: impl Display,
    low: impl Display,
    high: impl Display,
) -> RuleError {
    common(
        rule,
        crate::msg!(
            "setup-out-of-range",
            path = path.to_string(),
            found = found.to_string(),
            low = low.to_string(),
            high = high.to_string()
        ),
    )
}

/// A setup refusal written from the common messages.
fn common(rule: &'static str, message: crate::Message) -> RuleError {
    RuleError::text(rule, crate::Texts::common(), message)
}

/// Whether two names are one ignoring case (without allocating for ASCII names).
pub fn same_name(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
        || (!a.is_ascii() || !b.is_ascii())
            && a.chars()
                .flat_map(char::to_lowercase)
                .eq(b.chars().flat_map(char::to_lowercase))
}

/// Refuses an empty name, and one equal ignoring case to an earlier one of the same list:
/// `names` are the (path, name) pairs in order; `what` names them in the message ("name",
/// "participant id"). Commands and logs name things by these, and two that differ only in
/// case read as one.
pub fn unique_names<'a, P: Display>(
    what: &str,
    names: impl IntoIterator<Item = (P, &'a str)>,
) -> Result<(), RuleError> {
    let mut seen: Vec<(P, &str)> = Vec::new();
    for (path, name) in names {
        if name.trim().is_empty() {
            return Err(common(
                "setup",
                crate::msg!(
                    "setup-name-empty",
                    path = path.to_string(),
                    name = format!("{name:?}"),
                    what = what
                ),
            ));
        }
        if let Some((earlier, other)) = seen.iter().find(|(_, o)| same_name(o, name)) {
            let id = if *other == name {
                "setup-name-repeated"
            } else {
                "setup-name-case"
            };
            return Err(common(
                "setup",
                crate::msg!(
                    id,
                    path = path.to_string(),
                    name = format!("{name:?}"),
                    earlier = earlier.to_string(),
                    other = format!("{other:?}"),
                    what = what
                ),
            ));
        }
        seen.push((path, name));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_refused_empty_repeated_or_equal_ignoring_case() {
        let at = |i: usize| format!("fighters[{i}].name");
        let check = |names: &[&'static str]| {
            unique_names("name", names.iter().enumerate().map(|(i, &n)| (at(i), n)))
                .map_err(|e| e.message)
        };
        assert_eq!(check(&["Hunter", "Prey"]), Ok(()));
        assert_eq!(
            check(&["Hunter", " "]),
            Err("fighters[1].name: found \" \", allowed a non-empty name".into())
        );
        assert_eq!(
            check(&["Hunter", "Prey", "hunter"]),
            Err("fighters[2].name: \"hunter\" differs only in case from fighters[0].name \"Hunter\"; names must be unique ignoring case".into())
        );
        assert_eq!(
            check(&["Ёж", "ёж"]).map_err(|m| m.contains("differs only in case")),
            Err(true)
        );
        assert_eq!(
            check(&["A", "A"]),
            Err("fighters[1].name: \"A\" repeats fighters[0].name \"A\"; names must be unique ignoring case".into())
        );
    }

    #[test]
    fn a_value_outside_its_range_names_the_field() {
        assert_eq!(within("AND-02", "participants[0].rank", 3, 1..=4), Ok(()));
        let e = within("AND-02", "participants[0].rank", 7, 1..=4).unwrap_err();
        assert_eq!(e.rule.as_str(), "AND-02");
        assert_eq!(e.message, "participants[0].rank: found 7, allowed 1..=4");
        assert_eq!(
            e.message_in(crate::Texts::common(), crate::Lang::Ru),
            "participants[0].rank: указано 7, допустимо от 1 до 4"
        );
    }

    #[test]
    fn name_refusals_read_in_russian() {
        let ru = |names: &[&'static str]| {
            let at = |i: usize| format!("fighters[{i}].name");
            let e = unique_names("name", names.iter().enumerate().map(|(i, &n)| (at(i), n)))
                .unwrap_err();
            e.message_in(crate::Texts::common(), crate::Lang::Ru)
        };
        assert_eq!(
            ru(&["Охотник", ""]),
            "fighters[1].name: указано \"\", а имя не может быть пустым"
        );
        assert_eq!(
            ru(&["Охотник", "Жертва", "охотник"]),
            "fighters[2].name: \"охотник\" отличается от fighters[0].name \"Охотник\" только регистром букв; имена не должны повторяться даже с другим регистром букв"
        );
        assert_eq!(
            ru(&["A", "A"]),
            "fighters[1].name: \"A\" повторяет fighters[0].name \"A\"; имена не должны повторяться даже с другим регистром букв"
        );
    }
}
