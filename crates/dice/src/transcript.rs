use serde::{Deserialize, Serialize};

/// What became of one physical die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DieFate {
    /// Counted in the result.
    Kept,
    /// Rolled but dropped by a keep/drop rule.
    Dropped,
    /// Discarded by a reroll rule and replaced by the next die of its chain.
    Rerolled,
}

/// One die as it fell, for showing a user *why* a result came out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRecord {
    /// What the die was for ("attack", "drama", "3d8kh2" …).
    pub label: String,
    /// Which die of its pool this belongs to (explosions and rerolls share their die's group).
    pub group: u32,
    /// Faces of the die.
    pub sides: u32,
    /// The face it showed.
    pub value: u32,
    /// Kept, dropped or rerolled.
    pub fate: DieFate,
    /// Whether this face triggered an explosion (another die added to its group).
    pub exploded: bool,
}

/// An optional record of every die of a roll, in the order they were drawn.
///
/// Rolling functions take `Option<&mut Transcript>`; with `None` nothing is recorded and
/// nothing is allocated, so hot batch paths pay one predictable branch per die.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transcript {
    /// The dice in draw order.
    pub dice: Vec<DieRecord>,
}

impl Transcript {
    /// An empty transcript.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends one die.
    pub fn push(&mut self, record: DieRecord) {
        self.dice.push(record);
    }

    /// Records a single plain die (kept, not exploded) under `label`; a helper for rules code.
    pub fn record(&mut self, label: &str, sides: u32, value: u32) {
        self.push(DieRecord {
            label: label.to_owned(),
            group: self.dice.len() as u32,
            sides,
            value,
            fate: DieFate::Kept,
            exploded: false,
        });
    }
}
