//! Byte-driven mutation of JSON values, shared by the property tests (`tests/boundary.rs`)
//! and the fuzz targets (`fuzz/fuzz_targets/*.rs` include this file by path), so both explore
//! the same neighbourhood of legal commands: a ruleset's own suggested command with one number,
//! id, type tag or shape changed, or plain junk.
#![allow(dead_code)]

use serde_json::{Map, Number, Value};

/// Reads decisions from a byte string; once the bytes run out every decision is 0.
pub struct Choices<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Choices<'a> {
    /// Decisions read from `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Choices { bytes, pos: 0 }
    }

    /// The next byte, or 0 when exhausted.
    pub fn byte(&mut self) -> u8 {
        let b = self.bytes.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    /// A number in `0..n` (`n` > 0), from two bytes.
    pub fn below(&mut self, n: usize) -> usize {
        let v = usize::from(self.byte()) << 8 | usize::from(self.byte());
        v % n.max(1)
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.pos >= self.bytes.len()
    }
}

/// Every distinct string in `value` (ids, names, type tags) and every object key, capped, in
/// first-seen order: the replacements most likely to make a near-legal command.
pub fn strings(value: &Value, out: &mut Vec<String>) {
    const CAP: usize = 256;
    fn add(s: &str, out: &mut Vec<String>) {
        if out.len() < CAP && s.len() <= 64 && !out.iter().any(|o| o == s) {
            out.push(s.to_owned());
        }
    }
    match value {
        Value::String(s) => add(s, out),
        Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        Value::Object(map) => {
            for (k, v) in map {
                add(k, out);
                strings(v, out);
            }
        }
        _ => {}
    }
}

fn count(value: &Value) -> usize {
    1 + match value {
        Value::Array(items) => items.iter().map(count).sum(),
        Value::Object(map) => map.values().map(count).sum(),
        _ => 0,
    }
}

/// The `index`-th node in pre-order.
fn node(value: &mut Value, mut index: usize) -> &mut Value {
    if index == 0 {
        return value;
    }
    index -= 1;
    let children: Vec<&mut Value> = match value {
        Value::Array(items) => items.iter_mut().collect(),
        Value::Object(map) => map.values_mut().collect(),
        _ => unreachable!("index is below the node count"),
    };
    for child in children {
        let n = count(child);
        if index < n {
            return node(child, index);
        }
        index -= n;
    }
    unreachable!("index is below the node count")
}

fn number(c: &mut Choices, old: Option<&Number>) -> Value {
    let n = old.and_then(Number::as_i64).unwrap_or(0);
    match c.byte() % 20 {
        0 => Value::from(n.wrapping_add(1)),
        1 => Value::from(n.wrapping_sub(1)),
        2 => Value::from(0),
        3 => Value::from(-1),
        4 => Value::from(n.wrapping_neg()),
        5 => Value::from(i64::MAX),
        6 => Value::from(i64::MIN),
        7 => Value::from(u64::MAX),
        8 => Value::from(255),
        9 => Value::from(256),
        10 => Value::from(65_536),
        11 => Value::from(0.5),
        12 => Value::from(1e300),
        // The edges of the integer types rules code stores numbers in.
        13 => Value::from(u32::MAX),
        14 => Value::from(i32::MAX),
        15 => Value::from(i32::MIN),
        16 => Value::from(u16::MAX),
        17 => Value::from(i64::from(u32::MAX) + 1),
        18 => Value::from(n.wrapping_mul(1000)),
        _ => Value::from(i64::from(c.byte()) - 128),
    }
}

fn junk_value(c: &mut Choices, pool: &[String]) -> Value {
    match c.byte() % 9 {
        0 => Value::Null,
        1 => Value::Bool(c.byte() % 2 == 0),
        2 => number(c, None),
        3 => Value::String(String::new()),
        4 => Value::String("\0\u{fffd}ü".to_owned()),
        5 => Value::Array(Vec::new()),
        6 => Value::Object(Map::new()),
        _ if pool.is_empty() => Value::String("x".to_owned()),
        _ => Value::String(pool[c.below(pool.len())].clone()),
    }
}

/// Changes one node of `value`, chosen by `c`: a number nudged or made extreme, a string
/// swapped for another string of `pool` (another id, another type tag), a key dropped or
/// added, an array shrunk or grown, or a node replaced by a value of another type.
pub fn mutate(value: &mut Value, c: &mut Choices, pool: &[String]) {
    let total = count(value);
    let target = node(value, c.below(total));
    let how = c.byte() % 4;
    if how == 0 {
        *target = junk_value(c, pool);
        return;
    }
    match target {
        Value::Number(n) => *target = number(c, Some(&n.clone())),
        Value::String(s) => {
            *target = match c.byte() % 4 {
                0 => Value::String(format!("{s}x")),
                1 => Value::String(s.chars().skip(1).collect()),
                _ if pool.is_empty() => Value::String(String::new()),
                _ => Value::String(pool[c.below(pool.len())].clone()),
            }
        }
        Value::Bool(b) => *b = !*b,
        Value::Null => *target = junk_value(c, pool),
        Value::Array(items) => match c.byte() % 3 {
            0 if !items.is_empty() => {
                let i = c.below(items.len());
                items.remove(i);
            }
            1 if !items.is_empty() => {
                let i = c.below(items.len());
                items.push(items[i].clone());
            }
            _ => items.push(junk_value(c, pool)),
        },
        Value::Object(map) => match c.byte() % 3 {
            0 if !map.is_empty() => {
                let key = map.keys().nth(c.below(map.len())).cloned();
                if let Some(key) = key {
                    map.remove(&key);
                }
            }
            1 if !pool.is_empty() => {
                let key = pool[c.below(pool.len())].clone();
                map.insert(key, junk_value(c, pool));
            }
            _ => {
                map.insert("unexpected".to_owned(), junk_value(c, pool));
            }
        },
    }
}

/// Text that is usually not a valid command: broken JSON, wrong shapes, odd bytes.
pub fn junk(c: &mut Choices, pool: &[String]) -> String {
    const FRAGMENTS: &[&str] = &[
        "",
        "{",
        "}",
        "[]",
        "null",
        "{\"type\":",
        "\"",
        "1e999",
        "-0",
        "\u{0}",
        "{\"type\":\"\"}",
        "[[[[[[[[",
        "\"\\ud800\"",
        "18446744073709551616",
        ",",
        ":",
    ];
    let mut out = String::new();
    for _ in 0..1 + c.byte() % 6 {
        match c.byte() % 3 {
            0 if !pool.is_empty() => {
                out.push('"');
                out.push_str(&pool[c.below(pool.len())]);
                out.push('"');
            }
            1 => out.push_str(&junk_value(c, pool).to_string()),
            _ => out.push_str(FRAGMENTS[c.below(FRAGMENTS.len())]),
        }
    }
    out
}
