//! The decision protocol: the engine lists who must decide and what is legal, someone (a
//! player, a UI, a [`Policy`]) chooses, and the one [`Ruleset::apply`] path changes the state.
//!
//! - [`Decide::options`] says who must decide now ([`Decider`]) and lists every legal
//!   command for them as a [`LegalOption`]: its [`OptionKind`] (turn action, reaction,
//!   pending choice, game master), actor, targets, weapon, costs and a label. Where a numeric
//!   or combinatorial choice would explode the list (a position to move to, a purchase of
//!   stunts), one option stands for all of them: its command is one legal instance and its
//!   [`Param`]s give the bounds within which every variant is legal
//!   ([`LegalOption::admits`] checks a command against them).
//! - [`Decide::preview`] gives the exact odds of a command, computed only when asked: building
//!   options never computes one, so simulation pays nothing for previews.
//! - A [`Policy`] turns a state into a command; [`crate::run_trial_with`] and [`crate::simulate_with`] play
//!   fights with one (in the simulation module, beside the default tactic's). Options cross JSON boundaries (serde).
//!
//! ## Example
//! ```
//! use fray_dice::{Decider, LegalOption, OptionKind, Options};
//!
//! // What a ruleset's `options` returns: Vera's turn, one attack and one move to any
//! // position from -3 to 9.
//! let options = Options {
//!     decider: Decider::participant("Vera", 0),
//!     list: vec![
//!         LegalOption::new(OptionKind::TurnAction, "Vera", "attack Kask", "attack")
//!             .target("Kask")
//!             .cost("major action"),
//!         LegalOption::new(OptionKind::TurnAction, "Vera", "move", "move")
//!             .param(fray_dice::Param::range("to", -3, 9))
//!             .cost("minor action"),
//!     ],
//! };
//! let json = serde_json::to_string(&options).unwrap();
//! let back: Options<String> = serde_json::from_str(&json).unwrap();
//! assert_eq!(back, options);
//! assert_eq!(back.decider.side(), Some(0));
//! ```

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::catalog::OddsTable;
use crate::error::RuleError;
use crate::session::{AutoPlay, Ruleset};

/// Who must decide now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Decider {
    /// One participant: the one whose turn it is, or whoever a pending choice belongs to.
    Participant {
        /// Its name.
        name: String,
        /// Its side (index into [`AutoPlay::SIDES`]).
        side: u8,
    },
    /// The game master, for a simultaneous phase (everyone declares, then all resolve).
    GameMaster,
    /// Nobody: the fight is over.
    Nobody,
}

impl Decider {
    /// A participant.
    pub fn participant(name: impl Into<String>, side: u8) -> Self {
        Decider::Participant {
            name: name.into(),
            side,
        }
    }

    /// The side of the participant who decides, if one does.
    pub fn side(&self) -> Option<u8> {
        match self {
            Decider::Participant { side, .. } => Some(*side),
            _ => None,
        }
    }
}

/// What a choice is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OptionKind {
    /// An action of the turn (major, minor, free).
    TurnAction,
    /// An action out of turn: a readied attack, a provoked attack.
    Reaction,
    /// A choice the rules give and the engine waits for: which stunts to buy, whether to
    /// absorb damage with a condition, whether to take a provoked attack.
    PendingChoice,
    /// A game master's command outside the action economy (a test, a condition befalling
    /// someone). Listed so a GM tool sees it; policies leave it alone.
    GameMaster,
}

/// The values one field of an option's command may take (see [`Param`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Domain {
    /// An integer from `min` to `max`, both included.
    Range {
        /// Least value.
        min: i64,
        /// Greatest value.
        max: i64,
    },
    /// One of these JSON values (names, `true`/`false`, `null` for "not given").
    OneOf {
        /// The values.
        values: Vec<Value>,
    },
    /// Any text (a name the ruleset does not check, such as an item to activate).
    Text,
    /// A point `[x, y]` of whole metres on a plane: each coordinate within `±bound`, at
    /// most `radius` from `center` (straight-line distance, compared exactly as squares;
    /// any distance when `radius` is absent), and not `center` itself when `not_center`.
    Point {
        /// Where distances are measured from (the actor's position).
        center: [i64; 2],
        /// Greatest distance from `center`, if there is one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        radius: Option<u64>,
        /// Greatest absolute value of a coordinate.
        bound: i64,
        /// `center` itself is refused (a direction needs a point elsewhere).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        not_center: bool,
    },
    /// A list of distinct values from `values` (in any order), at least `min` and at most
    /// `max` of them: the targets of an attack that may hit several.
    Subset {
        /// What may be chosen.
        values: Vec<Value>,
        /// Fewest chosen.
        min: u32,
        /// Most chosen.
        max: u32,
    },
    /// A list of purchases `{"<item_key>": name, "<amount_key>": n, "target"?: name}` from
    /// `items`, each within its item's bounds, the amounts summing to `min_total ..=
    /// max_total`.
    Purchase {
        /// The field naming the item in each element ("stunt").
        item_key: String,
        /// The field giving the amount in each element ("points").
        amount_key: String,
        /// What may be bought.
        items: Vec<Item>,
        /// Least total amount.
        min_total: u32,
        /// Greatest total amount.
        max_total: u32,
    },
}

/// One thing a [`Domain::Purchase`] may buy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    /// Its name.
    pub name: String,
    /// Least amount.
    pub min: u32,
    /// Greatest amount.
    pub max: u32,
    /// May be bought more than once.
    #[serde(default)]
    pub repeatable: bool,
    /// The names its `target` may take; empty: it takes no target (the field must be absent).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<String>,
}

/// A field of an option's command that may take other values than the one shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Param {
    /// The field of the command's JSON object.
    pub field: String,
    /// What it may be.
    pub domain: Domain,
    /// The field may also be absent or `null` ("not given").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
}

impl Param {
    /// An integer field bounded by `min ..= max`.
    pub fn range(field: impl Into<String>, min: i64, max: i64) -> Self {
        Param {
            field: field.into(),
            domain: Domain::Range { min, max },
            optional: false,
        }
    }

    /// A field taking one of `values`.
    pub fn one_of(field: impl Into<String>, values: Vec<Value>) -> Self {
        Param {
            field: field.into(),
            domain: Domain::OneOf { values },
            optional: false,
        }
    }

    /// Any text.
    pub fn text(field: impl Into<String>) -> Self {
        Param {
            field: field.into(),
            domain: Domain::Text,
            optional: false,
        }
    }

    /// A point on the plane (see [`Domain::Point`]).
    pub fn point(
        field: impl Into<String>,
        center: [i64; 2],
        radius: Option<u64>,
        bound: i64,
    ) -> Self {
        Param {
            field: field.into(),
            domain: Domain::Point {
                center,
                radius,
                bound,
                not_center: false,
            },
            optional: false,
        }
    }

    /// A list of `min ..= max` distinct values from `values` (see [`Domain::Subset`]).
    pub fn subset(field: impl Into<String>, values: Vec<Value>, min: u32, max: u32) -> Self {
        Param {
            field: field.into(),
            domain: Domain::Subset { values, min, max },
            optional: false,
        }
    }

    /// The same point parameter, refusing its center (an area aimed from the actor needs a
    /// direction). No effect on other domains.
    pub fn not_center(mut self) -> Self {
        if let Domain::Point { not_center, .. } = &mut self.domain {
            *not_center = true;
        }
        self
    }

    /// The same parameter, which may also be absent or `null`.
    pub fn optional(mut self) -> Self {
        self.optional = true;
        self
    }

    /// Whether `value` (the field's value, `None` when absent) is in the domain.
    fn admits(&self, value: Option<&Value>) -> bool {
        let null = Value::Null;
        let value = value.unwrap_or(&null);
        if self.optional && value.is_null() {
            return true;
        }
        match &self.domain {
            Domain::Range { min, max } => {
                value.as_i64().is_some_and(|v| (*min..=*max).contains(&v))
            }
            Domain::OneOf { values } => values.contains(value),
            Domain::Text => value.is_string(),
            Domain::Point {
                center,
                radius,
                bound,
                not_center,
            } => {
                let Some([x, y]) = point(value) else {
                    return false;
                };
                let dx = u128::from(x.abs_diff(center[0]));
                let dy = u128::from(y.abs_diff(center[1]));
                let r = radius.map(u128::from);
                x.unsigned_abs() <= bound.unsigned_abs()
                    && y.unsigned_abs() <= bound.unsigned_abs()
                    && r.map_or(true, |r| dx * dx + dy * dy <= r * r)
                    && !(*not_center && [x, y] == *center)
            }
            Domain::Subset { values, min, max } => {
                let Value::Array(list) = value else {
                    return false;
                };
                let distinct = list.iter().enumerate().all(|(i, v)| !list[..i].contains(v));
                (*min as usize..=*max as usize).contains(&list.len())
                    && distinct
                    && list.iter().all(|v| values.contains(v))
            }
            Domain::Purchase {
                item_key,
                amount_key,
                items,
                min_total,
                max_total,
            } => {
                let list: &[Value] = match value {
                    Value::Array(list) => list,
                    Value::Null => &[],
                    _ => return false,
                };
                let mut total = 0u64;
                for (i, element) in list.iter().enumerate() {
                    let Some(object) = element.as_object() else {
                        return false;
                    };
                    let name = object.get(item_key).and_then(Value::as_str);
                    let Some(item) = items.iter().find(|it| Some(it.name.as_str()) == name) else {
                        return false;
                    };
                    let Some(amount) = object.get(amount_key).and_then(Value::as_u64) else {
                        return false;
                    };
                    let again = list[..i]
                        .iter()
                        .any(|o| o.get(item_key).and_then(Value::as_str) == name);
                    let target_ok = match object.get("target") {
                        None | Some(Value::Null) => true,
                        Some(t) => t
                            .as_str()
                            .is_some_and(|t| item.targets.iter().any(|n| n == t)),
                    };
                    let known = object
                        .keys()
                        .all(|k| k == item_key || k == amount_key || k == "target");
                    if !(u64::from(item.min)..=u64::from(item.max)).contains(&amount)
                        || (again && !item.repeatable)
                        || !target_ok
                        || !known
                    {
                        return false;
                    }
                    total += amount;
                }
                (u64::from(*min_total)..=u64::from(*max_total)).contains(&total)
            }
        }
    }
}

/// `[x, y]` as two whole numbers.
fn point(value: &Value) -> Option<[i64; 2]> {
    match value.as_array()?.as_slice() {
        [x, y] => Some([x.as_i64()?, y.as_i64()?]),
        _ => None,
    }
}

/// One legal command and what it means.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalOption<C> {
    /// What the choice is for.
    pub kind: OptionKind,
    /// Who acts (for a game master's command: whom it concerns).
    pub actor: String,
    /// Whom it is aimed at.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<String>,
    /// The weapon, ability or stunt used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub using: Option<String>,
    /// What it costs ("major action", "2 SP", "Injured").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub costs: Vec<String>,
    /// A display label.
    pub label: String,
    /// A short stable key for the kind of command ("melee_attack", "spend_stunts").
    pub action: String,
    /// The command: applied as it is, it is accepted.
    pub command: C,
    /// Fields of `command` that may take other values; every command that differs from
    /// `command` only in these fields, within their domains, is accepted too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<Param>,
}

impl LegalOption<()> {
    /// Starts an option without its command (see [`LegalOption::with`]).
    pub fn new(
        kind: OptionKind,
        actor: impl Into<String>,
        label: impl Into<String>,
        action: impl Into<String>,
    ) -> LegalOption<String> {
        LegalOption {
            kind,
            actor: actor.into(),
            targets: Vec::new(),
            using: None,
            costs: Vec::new(),
            label: label.into(),
            action: action.into(),
            command: String::new(),
            params: Vec::new(),
        }
    }
}

impl<C> LegalOption<C> {
    /// The same option with `command` as its command.
    pub fn with<D>(self, command: D) -> LegalOption<D> {
        LegalOption {
            kind: self.kind,
            actor: self.actor,
            targets: self.targets,
            using: self.using,
            costs: self.costs,
            label: self.label,
            action: self.action,
            command,
            params: self.params,
        }
    }

    /// Adds a target.
    pub fn target(mut self, name: impl Into<String>) -> Self {
        self.targets.push(name.into());
        self
    }

    /// Names the weapon, ability or stunt used.
    pub fn using(mut self, what: impl Into<String>) -> Self {
        self.using = Some(what.into());
        self
    }

    /// Adds a cost.
    pub fn cost(mut self, cost: impl Into<String>) -> Self {
        self.costs.push(cost.into());
        self
    }

    /// Adds a parameter.
    pub fn param(mut self, param: Param) -> Self {
        self.params.push(param);
        self
    }
}

impl<C: Serialize> LegalOption<C> {
    /// Whether `command` is this option's command or one of the variants its [`Param`]s
    /// allow: the same JSON outside the parameters, each parameter within its domain.
    pub fn admits(&self, command: &C) -> bool {
        let (Ok(mine), Ok(theirs)) = (
            serde_json::to_value(&self.command),
            serde_json::to_value(command),
        ) else {
            return false;
        };
        if mine == theirs {
            return true;
        }
        let (Value::Object(mine), Value::Object(theirs)) = (mine, theirs) else {
            return false;
        };
        let free = |k: &String| self.params.iter().any(|p| p.field == *k);
        let fixed_same = mine
            .iter()
            .filter(|(k, _)| !free(k))
            .all(|(k, v)| theirs.get(k) == Some(v))
            && theirs.keys().all(|k| free(k) || mine.contains_key(k));
        fixed_same && self.params.iter().all(|p| p.admits(theirs.get(&p.field)))
    }
}

/// Who must decide now and every legal command for them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options<C> {
    /// Who decides.
    pub decider: Decider,
    /// The legal commands, the decider's first; reactions of others and the game master's
    /// commands after them.
    pub list: Vec<LegalOption<C>>,
}

impl<C: Serialize> Options<C> {
    /// Whether some option admits `command` ([`LegalOption::admits`]).
    pub fn admits(&self, command: &C) -> bool {
        self.list.iter().any(|o| o.admits(command))
    }

    /// The options the decider may take: everything but others' reactions and the game
    /// master's commands (all of them when the game master decides).
    pub fn for_decider(&self) -> impl Iterator<Item = &LegalOption<C>> {
        let decider = &self.decider;
        self.list.iter().filter(move |o| match decider {
            Decider::Participant { name, .. } => {
                o.actor == *name && o.kind != OptionKind::GameMaster
            }
            Decider::GameMaster => true,
            Decider::Nobody => false,
        })
    }
}

/// A ruleset that lists its legal options and previews their odds.
pub trait Decide: Ruleset {
    /// Who must decide now and every legal command for them. Every option's command is
    /// accepted by [`Ruleset::apply`]; every command `apply` accepts is admitted by an option
    /// ([`Options::admits`]).
    fn options(state: &Self::State) -> Options<Self::Command>;

    /// The exact odds of `command` in `state`, from the ruleset's odds code; an empty list
    /// for a legal command that rolls nothing, a refusal for an illegal one. Computed only
    /// when asked.
    fn preview(state: &Self::State, command: &Self::Command) -> Result<Vec<OddsTable>, RuleError>;
}

/// A ruleset on the decision protocol with a policy type that settings files describe: what
/// `fray simulate --policy FILE` and the bindings read. Its default is the default tactic.
pub trait DefaultPolicy: Decide + AutoPlay + Sized {
    /// The policy, with every field defaulted so a file may give only some.
    type Policy: Policy<Self> + Serialize + serde::de::DeserializeOwned + Default + Sync;
}

/// Chooses what to do. Deterministic given the state (a policy holds settings, not memory),
/// so a trial's result does not depend on which thread played it.
pub trait Policy<R: Decide> {
    /// Picks a command among `options` (or fills a parametrised one), for the decider.
    fn choose(&self, state: &R::State, options: &Options<R::Command>) -> Option<R::Command>;

    /// The next command, or `None` when nobody decides. By default builds the options and
    /// [`Policy::choose`]s; a policy may compute its choice directly as long as it is always
    /// among the options (a ruleset's property tests check that for its default policy).
    fn next(&self, state: &R::State) -> Option<R::Command> {
        let options = R::options(state);
        if options.decider == Decider::Nobody {
            return None;
        }
        self.choose(state, &options)
    }
}

/// Implements [`Policy`] for a ruleset's default policy type `$policy`, which computes its
/// choice directly with an inherent `fn command(&self, &State) -> Option<Command>` (fast in
/// simulation: no options are listed). `choose` takes that command when the options admit
/// it; the ruleset's property tests check it always is, and otherwise the decider's first
/// option is taken rather than an illegal command.
#[macro_export]
macro_rules! direct_policy {
    ($policy:ty => $ruleset:ty) => {
        impl $crate::Policy<$ruleset> for $policy {
            fn choose(
                &self,
                state: &<$ruleset as $crate::Ruleset>::State,
                options: &$crate::Options<<$ruleset as $crate::Ruleset>::Command>,
            ) -> Option<<$ruleset as $crate::Ruleset>::Command> {
                let command = self.command(state)?;
                if options.admits(&command) {
                    Some(command)
                } else {
                    options.for_decider().next().map(|o| o.command.clone())
                }
            }

            fn next(
                &self,
                state: &<$ruleset as $crate::Ruleset>::State,
            ) -> Option<<$ruleset as $crate::Ruleset>::Command> {
                self.command(state)
            }
        }
    };
}

/// The first option the decider may take: the simplest policy, for tests and as a model for
/// policies written outside Rust.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FirstOption;

impl<R: Decide> Policy<R> for FirstOption {
    fn choose(&self, _: &R::State, options: &Options<R::Command>) -> Option<R::Command> {
        options.for_decider().next().map(|o| o.command.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn mv() -> LegalOption<Value> {
        LegalOption::new(OptionKind::TurnAction, "A", "move", "move")
            .param(Param::range("to", -2, 4))
            .with(json!({"type": "move", "actor": "A", "to": 0}))
    }

    #[test]
    fn a_parametrised_option_admits_exactly_its_bounds() {
        let o = mv();
        assert!(o.admits(&json!({"type": "move", "actor": "A", "to": 0})));
        assert!(o.admits(&json!({"type": "move", "actor": "A", "to": 4})));
        assert!(o.admits(&json!({"type": "move", "actor": "A", "to": -2})));
        assert!(!o.admits(&json!({"type": "move", "actor": "A", "to": 5})));
        assert!(!o.admits(&json!({"type": "move", "actor": "B", "to": 1})));
        assert!(!o.admits(&json!({"type": "move", "actor": "A", "to": 1, "push": true})));
    }

    #[test]
    fn a_purchase_keeps_to_items_costs_and_total() {
        let buy = Param {
            optional: false,
            field: "stunts".into(),
            domain: Domain::Purchase {
                item_key: "stunt".into(),
                amount_key: "points".into(),
                items: vec![
                    Item {
                        name: "skirmish".into(),
                        min: 1,
                        max: 4,
                        repeatable: false,
                        targets: vec![],
                    },
                    Item {
                        name: "again".into(),
                        min: 2,
                        max: 2,
                        repeatable: true,
                        targets: vec!["B".into()],
                    },
                ],
                min_total: 1,
                max_total: 4,
            },
        };
        let o = LegalOption::new(OptionKind::PendingChoice, "A", "spend", "spend_stunts")
            .param(buy)
            .with(json!({"type": "spend", "stunts": [{"stunt": "skirmish", "points": 1}]}));
        let admits = |stunts: Value| o.admits(&json!({"type": "spend", "stunts": stunts}));
        assert!(admits(json!([{"stunt": "skirmish", "points": 4}])));
        assert!(admits(
            json!([{"stunt": "again", "points": 2}, {"stunt": "again", "points": 2, "target": "B"}])
        ));
        assert!(!admits(json!([])), "below the least total");
        assert!(!admits(
            json!([{"stunt": "skirmish", "points": 1}, {"stunt": "skirmish", "points": 1}])
        ));
        assert!(!admits(
            json!([{"stunt": "skirmish", "points": 3}, {"stunt": "again", "points": 2}])
        ));
        assert!(!admits(
            json!([{"stunt": "skirmish", "points": 1, "target": "B"}])
        ));
        assert!(!admits(json!([{"stunt": "other", "points": 1}])));
    }

    #[test]
    fn a_point_keeps_to_its_disc_its_bounds_and_off_its_center() {
        let o = LegalOption::new(OptionKind::TurnAction, "A", "move", "move")
            .param(Param::point("to", [10, -5], Some(5), 100))
            .with(json!({"type": "move", "to": [10, -5]}));
        let to = |p: Value| o.admits(&json!({"type": "move", "to": p}));
        assert!(to(json!([13, -1])), "3-4-5: exactly 5 away");
        assert!(to(json!([15, -5])));
        assert!(!to(json!([14, -1])), "sqrt(32) > 5");
        assert!(!to(json!([10, 1])));
        assert!(!to(json!([10])), "two coordinates");
        assert!(!to(json!([10.5, -5])), "whole metres");
        let far = LegalOption::new(OptionKind::TurnAction, "A", "aim", "area")
            .param(Param::point("at", [0, 0], None, 100).not_center())
            .with(json!({"type": "area", "at": [1, 0]}));
        let at = |p: Value| far.admits(&json!({"type": "area", "at": p}));
        assert!(at(json!([100, -100])));
        assert!(!at(json!([101, 0])), "beyond the bound");
        assert!(!at(json!([0, 0])), "the center is no direction");
    }

    #[test]
    fn a_subset_is_distinct_values_from_its_list_within_its_count() {
        let o = LegalOption::new(OptionKind::TurnAction, "A", "burst", "long_burst")
            .param(Param::subset(
                "targets",
                vec![json!(1), json!(2), json!(3)],
                1,
                2,
            ))
            .with(json!({"type": "burst", "targets": [1]}));
        let targets = |t: Value| o.admits(&json!({"type": "burst", "targets": t}));
        assert!(targets(json!([3, 1])));
        assert!(!targets(json!([])), "too few");
        assert!(!targets(json!([1, 2, 3])), "too many");
        assert!(!targets(json!([2, 2])), "a value twice");
        assert!(!targets(json!([4])), "not in the list");
        assert!(!targets(json!(1)), "a list");
    }

    #[test]
    fn options_round_trip_through_json_and_name_their_decider() {
        let options = Options {
            decider: Decider::participant("A", 1),
            list: vec![mv()],
        };
        let text = serde_json::to_string(&options).unwrap();
        assert!(
            text.contains(r#""decider":{"type":"participant","name":"A","side":1}"#),
            "{text}"
        );
        assert!(
            text.contains(r#""domain":{"type":"range","min":-2,"max":4}"#),
            "{text}"
        );
        let back: Options<Value> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, options);
        assert_eq!(back.for_decider().count(), 1);
        assert_eq!(Decider::Nobody.side(), None);
    }
}
