//! `fray schema <ruleset> setup|command|policy`: the JSON Schema of a ruleset's input
//! (issue 19), the same text as `schemas/<ruleset>.<kind>.json`.

use fray_dice::{msg, Lang};

use crate::commands::{ruleset, Outcome};
use crate::out_raw;
use crate::text::tr;

/// The inputs a schema describes.
pub const KINDS: &str = "setup, command, policy";

/// Prints the schema of `kind` for ruleset `id`.
pub fn schema(id: &str, kind: &str, lang: Lang) -> Outcome {
    let entry = ruleset(id, lang)?;
    let Some(schemas) = entry.schemas else {
        return Err(tr(lang, msg!("cli-schema-none", ruleset = id)));
    };
    let text = match kind {
        "setup" => (schemas.setup)(),
        "command" => (schemas.command)(),
        "policy" => match schemas.policy {
            Some(policy) => policy(),
            None => {
                let offered: Vec<&str> = fray::rulesets()
                    .iter()
                    .filter(|e| e.schemas.is_some_and(|s| s.policy.is_some()))
                    .map(|e| e.id)
                    .collect();
                return Err(tr(
                    lang,
                    msg!(
                        "cli-schema-no-policy",
                        ruleset = id,
                        offered = offered.join(", ")
                    ),
                ));
            }
        },
        other => {
            return Err(tr(
                lang,
                msg!(
                    "cli-schema-unknown-kind",
                    quoted = format!("{other:?}"),
                    kind = other,
                    kinds = KINDS
                ),
            ))
        }
    };
    out_raw!("{text}");
    Ok(())
}
