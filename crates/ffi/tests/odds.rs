//! Exact odds through the C ABI past 128 bits: `fray_odds_json` and `fray_odds_depth_json`
//! give the numbers `Expr::odds` (and so `fray odds`) gives, with every integer written in
//! full, checked against counts computed here by another method.
// Reading the strings the library returns needs `CStr::from_ptr`, as in C.
#![allow(unsafe_code)]

use std::ffi::{c_char, CStr};
use std::ptr::null_mut;

use fray::*;
use fray_dice::{BigDistribution, BigUint, Depth, Expr};

fn take(ptr: *mut c_char) -> String {
    assert!(!ptr.is_null());
    // SAFETY: a NUL-terminated string returned by the library, freed right after.
    let text = unsafe { CStr::from_ptr(ptr) }.to_str().unwrap().to_owned();
    assert_eq!(fray_string_free(ptr), FRAY_OK);
    text
}

fn last() -> String {
    let mut out = null_mut();
    assert_eq!(fray_last_error(&mut out), FRAY_OK);
    take(out)
}

fn odds(text: &str, depth: Option<u32>) -> String {
    let mut out = null_mut();
    let code = match depth {
        None => fray_odds_json(text.as_ptr().cast(), text.len(), &mut out),
        Some(d) => fray_odds_depth_json(text.as_ptr().cast(), text.len(), d, &mut out),
    };
    assert_eq!(code, FRAY_OK, "{text}: {}", last());
    take(out)
}

/// The digits after `"key":` at its first occurrence in `json`, read as written (serde_json
/// would read a long integer as a double).
fn raw<'a>(json: &'a str, key: &str) -> &'a str {
    let at = json.find(&format!("\"{key}\":")).unwrap() + key.len() + 3;
    let rest = &json[at..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '-'))
        .unwrap();
    &rest[..end]
}

/// `(value, count)` of every outcome, counts as big integers.
fn outcomes(json: &str) -> Vec<(i64, BigUint)> {
    let list = &json[json.find("\"outcomes\":[").unwrap()..];
    list.split("{\"value\":")
        .skip(1)
        .map(|row| {
            let value = row[..row.find(',').unwrap()].parse().unwrap();
            (value, raw(row, "count").parse().unwrap())
        })
        .collect()
}

/// The JSON agrees with `Expr::odds` to the digit, counts sum to the denominator less the
/// unresolved numerator, and the shared fields are there.
fn agrees(json: &str, d: &BigDistribution) {
    let denominator: BigUint = raw(json, "denominator").parse().unwrap();
    assert_eq!(&denominator, d.denominator());
    let rows = outcomes(json);
    let want: Vec<(i64, BigUint)> = d.iter().map(|(v, c)| (v, c.clone())).collect();
    assert_eq!(rows, want);
    let unresolved = &json[json.find("\"unresolved\":").unwrap()..];
    let u = d.unresolved();
    assert_eq!(raw(unresolved, "numerator"), u.numerator().to_string());
    assert_eq!(raw(unresolved, "denominator"), u.denominator().to_string());
    assert_eq!(raw(json, "min"), d.min().to_string());
    assert_eq!(raw(json, "max"), d.max().to_string());
}

fn big(n: u32) -> BigUint {
    BigUint::from(n)
}

#[test]
fn a_hundred_d6_is_exact_past_128_bits() {
    let json = odds("100d6", None);
    let d = Expr::parse("100d6").unwrap().odds().unwrap();
    agrees(&json, &d);
    // Independently: 6^100 outcomes, one way to roll 100, 100 ways to roll 101, C(101,2)
    // ways to roll 102, and the counts are symmetric about 350.
    assert_eq!(raw(&json, "denominator"), big(6).pow(100).to_string());
    let rows = outcomes(&json);
    assert_eq!(rows.len(), 501);
    assert_eq!(rows[0], (100, big(1)));
    assert_eq!(rows[1], (101, big(100)));
    assert_eq!(rows[2], (102, big(5050)));
    assert_eq!(rows[500], (600, big(1)));
    assert_eq!(rows[200].1, rows[300].1);
    let sum: BigUint = rows.iter().map(|r| &r.1).sum();
    assert_eq!(sum, big(6).pow(100));
    assert!(json.starts_with("{\"expression\":\"100d6\",\"min\":100,\"max\":600,"));
    assert!(!json.contains("unresolved_range"));
}

#[test]
fn fifty_d10_keep_ten_agrees_with_a_binomial_count() {
    let json = odds("50d10kh10", None);
    agrees(&json, &Expr::parse("50d10kh10").unwrap().odds().unwrap());
    // The top total 100 needs at least ten 10s among fifty d10:
    // Σ_{j>=10} C(50, j)·9^(50-j) of 10^50.
    let mut c = big(1);
    let mut ways = BigUint::from(0u32);
    for j in 0..=50u32 {
        if j > 0 {
            c = c * big(51 - j) / big(j);
        }
        if j >= 10 {
            ways += &c * big(9).pow(50 - j);
        }
    }
    let rows = outcomes(&json);
    let (value, count) = rows.last().unwrap();
    assert_eq!(*value, 100);
    let denominator: BigUint = raw(&json, "denominator").parse().unwrap();
    // The denominator may be reduced: compare the fractions crosswise.
    assert_eq!(count * big(10).pow(50), ways * denominator);
}

#[test]
fn ten_exploding_d6_leave_less_than_two_to_the_minus_64() {
    let json = odds("10d6!", None);
    let d = Expr::parse("10d6!").unwrap().odds().unwrap();
    agrees(&json, &d);
    let unresolved = &json[json.find("\"unresolved\":").unwrap()..];
    let n: BigUint = raw(unresolved, "numerator").parse().unwrap();
    let den: BigUint = raw(unresolved, "denominator").parse().unwrap();
    assert!(n > big(0), "10d6! cut off somewhere leaves some mass");
    assert!(&n << 64u32 <= den, "unresolved {n}/{den} is over 2^-64");
    assert!(json.contains("\"unresolved_range\":[") && json.contains("\"mean_bounds\":["));
}

#[test]
fn the_depth_form_is_fray_odds_with_depth_levels() {
    for (text, depth) in [("1d6!", 0), ("3d6!", 2), ("1d10!+1d8!", 5), ("2d20kh1!", 3)] {
        let json = odds(text, Some(depth));
        agrees(
            &json,
            &Expr::parse(text)
                .unwrap()
                .odds_with(Depth::Levels(depth))
                .unwrap(),
        );
    }
    // One die deep: 1d6! resolves 1..=5 and 6+1..=6+5, and 6,6 (1/36) is left unresolved.
    let json = odds("1d6!", Some(1));
    assert!(json.contains("\"unresolved\":{\"numerator\":1,\"denominator\":36}"));
    assert!(json.contains("\"outcomes\":[{\"value\":1,\"count\":6,"));
    // Without a cut-off nothing changes: the same text as fray_odds_json.
    assert_eq!(odds("3d8kh2+2", Some(0)), odds("3d8kh2+2", None));
}

#[test]
fn small_odds_keep_their_shape() {
    assert_eq!(
        odds("1d4", None),
        "{\"expression\":\"1d4\",\"min\":1,\"max\":4,\"denominator\":4,\"mean\":2.5,\
         \"std_dev\":1.118033988749895,\"unresolved\":{\"numerator\":0,\"denominator\":1},\
         \"outcomes\":[{\"value\":1,\"count\":1,\"probability\":{\"numerator\":1,\"denominator\":4}},\
         {\"value\":2,\"count\":1,\"probability\":{\"numerator\":1,\"denominator\":4}},\
         {\"value\":3,\"count\":1,\"probability\":{\"numerator\":1,\"denominator\":4}},\
         {\"value\":4,\"count\":1,\"probability\":{\"numerator\":1,\"denominator\":4}}]}"
    );
}

#[test]
fn bad_expressions_are_refused_with_a_reason() {
    for (text, code, says) in [
        ("3d6+", FRAY_PARSE, "column"),
        ("1d6/(1d6-1d6)", FRAY_OVERFLOW, "division by zero"),
        ("1000d6*1000d6", FRAY_LIMIT, "limit"),
    ] {
        for depth in [None, Some(3)] {
            let mut out = null_mut();
            let got = match depth {
                None => fray_odds_json(text.as_ptr().cast(), text.len(), &mut out),
                Some(d) => fray_odds_depth_json(text.as_ptr().cast(), text.len(), d, &mut out),
            };
            assert_eq!(got, code, "{text}");
            assert!(out.is_null(), "{text}: nothing is written on failure");
            let message = last();
            assert!(message.contains(says), "{text}: {message}");
        }
    }
}
