//! The findings of `fray check` as lines in the chosen language: `error: …`, `warning:
//! PATH: …`, `warning: simulation: …`. The findings themselves are written in that language
//! by [`fray_dice::check_setup_in`] (a ruleset's lint warnings and JSON errors stay as their
//! source gives them).

use fray_dice::{msg, Finding, Lang};

use crate::text::tr;

/// One line per finding, in `lang`, as `Finding`'s `Display` writes them in English.
pub fn lines(findings: &[Finding], lang: Lang) -> Vec<String> {
    findings
        .iter()
        .map(|finding| match finding {
            Finding::Error { message } => {
                tr(lang, msg!("cli-finding-error", message = message.as_str()))
            }
            Finding::Warning {
                path: Some(path),
                message,
            } => tr(
                lang,
                msg!(
                    "cli-finding-warning",
                    path = path.as_str(),
                    message = message.as_str()
                ),
            ),
            Finding::Warning {
                path: None,
                message,
            } => tr(
                lang,
                msg!("cli-finding-simulation", message = message.as_str()),
            ),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_finding_reads_as_display_writes_it_in_english() {
        let findings = [
            Finding::Error {
                message: "x".into(),
            },
            Finding::Warning {
                path: Some("fighters[0]".into()),
                message: "y".into(),
            },
            Finding::Warning {
                path: None,
                message: "z".into(),
            },
        ];
        let english: Vec<String> = findings.iter().map(ToString::to_string).collect();
        assert_eq!(lines(&findings, Lang::En), english);
        assert_eq!(
            lines(&findings, Lang::Ru),
            [
                "ошибка: x",
                "предупреждение: fighters[0]: y",
                "предупреждение: моделирование: z"
            ]
        );
    }
}
