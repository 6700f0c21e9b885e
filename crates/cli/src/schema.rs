//! `fray schema <ruleset> setup|command|policy`: the JSON Schema of a ruleset's input
//! (issue 19), the same text as `schemas/<ruleset>.<kind>.json`.

use crate::commands::{ruleset, Outcome};
use crate::out_raw;

/// The inputs a schema describes.
pub const KINDS: &str = "setup, command, policy";

/// Prints the schema of `kind` for ruleset `id`.
pub fn schema(id: &str, kind: &str) -> Outcome {
    let entry = ruleset(id)?;
    let Some(schemas) = entry.schemas else {
        return Err(format!("no schemas for {id} in this build"));
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
                return Err(format!(
                    "{id} has no policy type yet; policies are offered for: {}",
                    offered.join(", ")
                ));
            }
        },
        other => {
            return Err(format!(
                "unknown schema kind {other:?}; choose one of: {KINDS}"
            ))
        }
    };
    out_raw!("{text}");
    Ok(())
}
