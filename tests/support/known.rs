//! Known findings not yet fixed by their owners. Each is pinned by an `#[ignore]`d regression
//! test in `tests/robustness.rs` (section "Fuzz regressions") that fails until the fix lands.
//! Meanwhile the property tests and fuzz targets skip inputs matching these patterns, so they
//! stay green and keep finding *new* problems. When an owner's fix lands: delete the entry
//! here and the `#[ignore]` on its regression test.
#![allow(dead_code)]

use fray::dice::{CmpOp, Compare, Expr};
use serde_json::Value;

/// Why `expr`'s canonical text (`Display`) is not checked to mean the same, if it matches a
/// known finding.
pub fn expression(expr: &Expr) -> Option<&'static str> {
    // fray-dice: `Display` drops the parentheses of a product or quotient on the right of
    // `*` or `/`: `2*(3/2)` is written `2*3/2`.
    match expr {
        Expr::Constant(_) => None,
        // fray-dice: a default explosion (`!`, on the highest face) followed by a success
        // count is written `9d15!=9`, which parses back as an explosion on 9.
        Expr::Pool(p) => p
            .explode
            .filter(|e| e.when == Compare::new(CmpOp::Ge, i64::from(p.sides)))
            .and(p.successes)
            .map(|_| "dice: Display of a default explosion followed by a success count"),
        Expr::Neg(a) => expression(a),
        Expr::Mul(a, b) | Expr::Div(a, b) if matches!(**b, Expr::Mul(..) | Expr::Div(..)) => {
            let _ = a;
            Some("dice: Display drops parentheses around a right-hand product or quotient")
        }
        Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) | Expr::Div(a, b) => {
            expression(a).or_else(|| expression(b))
        }
    }
}

/// Why `command` is skipped for `ruleset`, if it matches a known finding.
pub fn command(ruleset: &str, command: &str) -> Option<&'static str> {
    // fray-andromeda: `do_move` and `Setup::validate` call `abs()` on a coordinate;
    // i64::MIN overflows.
    if ruleset == "andromeda" && command.contains("-9223372036854775808") {
        return Some("andromeda: move to i64::MIN overflows abs()");
    }
    None
}

fn any_empty_list(value: &Value, key: &str) -> bool {
    match value {
        Value::Array(items) => items.iter().any(|v| any_empty_list(v, key)),
        Value::Object(map) => map.iter().any(|(k, v)| {
            (k == key && v.as_array().is_some_and(Vec::is_empty)) || any_empty_list(v, key)
        }),
        _ => false,
    }
}

/// Why `setup` is skipped for `ruleset`, if it matches a known finding.
pub fn setup(ruleset: &str, setup: &str) -> Option<&'static str> {
    if let Some(why) = command(ruleset, setup) {
        return Some(why);
    }
    // fray-better-world: a weapon with `"aspects": []` is accepted, and the default tactic
    // then picks attacks with it that `apply` refuses.
    if ruleset == "better-world" {
        let value: Value = serde_json::from_str(setup).unwrap_or(Value::Null);
        if any_empty_list(&value, "aspects") {
            return Some("better-world: weapon with an empty aspects list");
        }
    }
    None
}
