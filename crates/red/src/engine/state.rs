//! The encounter's state: fighters, weapons, armour, the queue and the turn.

use super::*;

/// A piece of armour being worn, with its current (ablated) SP.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmorPiece {
    /// Table name.
    pub name: Arc<str>,
    /// Current SP.
    pub sp: i32,
    /// Penalty to REF, DEX and MOVE.
    pub penalty: i32,
}

/// A weapon as carried now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weapon {
    /// Name.
    pub name: Arc<str>,
    /// Weapon-table key.
    pub profile: Arc<str>,
    /// Rounds loaded.
    pub loaded: u32,
    /// Ammo type loaded.
    pub ammo: Arc<str>,
    /// Where it is.
    pub holding: Holding,
    /// Its profile, looked up once.
    #[serde(skip)]
    pub(crate) kit: Derived<Kit>,
}

/// Data the engine derives from the rest of the state once, instead of by name at every
/// decision: never serialized, and never a difference between two states of its own.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Derived<T>(pub(crate) T);

impl<T> PartialEq for Derived<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Derived<T> {}

/// What attacks and the tactic read of a weapon's profile, with its owner's skill at it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Kit {
    pub(crate) melee: bool,
    pub(crate) damage: u32,
    pub(crate) rof: u32,
    /// Autofire multiplier cap (0: no autofire).
    pub(crate) autofire: u32,
    pub(crate) hands: u32,
    /// Spends rounds: a magazine above 0 (RED-36). A ranged weapon with magazine 0 needs
    /// no ammunition: it fires without spending any, and is never reloaded.
    pub(crate) needs_ammo: bool,
    /// Where the single-shot and autofire DV rows start in the state's `rows`.
    pub(crate) single_row: Option<usize>,
    pub(crate) auto_row: Option<usize>,
    /// The owner's skill of single attacks with it (level plus bonus).
    pub(crate) skill: i32,
}

impl Kit {
    /// Copies the profile's numbers, and its DV rows to the end of `rows`.
    pub(super) fn new(
        p: &WeaponProfile,
        skill: i32,
        tables: &Tables,
        rows: &mut Vec<Option<i32>>,
    ) -> Kit {
        let mut row = |name: &Option<String>| {
            let cells = tables.dv.rows.get(name.as_deref()?)?;
            rows.extend_from_slice(cells);
            Some(rows.len() - cells.len())
        };
        Kit {
            melee: p.kind == WeaponKind::Melee,
            damage: p.damage,
            rof: p.rof,
            autofire: p.autofire,
            hands: p.hands,
            needs_ammo: p.magazine > 0,
            single_row: row(&p.dv_row),
            auto_row: row(&p.autofire_row),
            skill,
        }
    }
}

/// A fighter's skills and bonuses that every attack reads, summed once: neither changes
/// during a fight.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sheet {
    pub(crate) evasion: i32,
    pub(crate) brawling: i32,
    pub(crate) martial_arts: i32,
    pub(crate) autofire: i32,
    pub(crate) ranged: i32,
    pub(crate) melee: i32,
    pub(crate) initiative: i32,
}

impl Sheet {
    /// [`Fighter::skill`] of the four skills and [`Fighter::bonus`] of `ranged`, `melee` and
    /// `initiative`, in one pass over each map instead of a lookup per name.
    pub(super) fn of(f: &Fighter) -> Sheet {
        let mut sheet = Sheet::default();
        for (maps_skills, map) in [(true, &f.skills), (false, &f.bonuses)] {
            for (name, &v) in map.iter() {
                match name.as_str() {
                    "evasion" => sheet.evasion += v,
                    "brawling" => sheet.brawling += v,
                    "martial_arts" => sheet.martial_arts += v,
                    "autofire" => sheet.autofire += v,
                    "ranged" if !maps_skills => sheet.ranged += v,
                    "melee" if !maps_skills => sheet.melee += v,
                    "initiative" if !maps_skills => sheet.initiative += v,
                    _ => {}
                }
            }
        }
        sheet
    }
}

/// A fighter's counts for its standing ([`fray_dice::Standing`]): the fight never reads them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
    /// Rounds fired: single shots, bursts and suppressive fire (RED-35, RED-36).
    pub ammo_spent: u32,
    /// HP this fighter's attacks, chokes and throws took from others.
    pub damage_dealt: u32,
    /// HP lost, whoever or whatever took it (a reopened wound too).
    pub damage_taken: u32,
    /// The round it stopped being able to fight (dead, gone, or out at HP < 1).
    pub out_round: Option<u32>,
}

impl Tally {
    pub(super) fn is_zero(&self) -> bool {
        *self == Tally::default()
    }
}

/// A long task under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    /// Stat.
    pub stat: String,
    /// Skill.
    pub skill: String,
    /// DV.
    pub dv: i32,
    /// Turns needed.
    pub turns: u32,
    /// Turns done.
    pub done: u32,
}

/// A critical injury suffered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InjuryTaken {
    /// Table.
    pub table: Location,
    /// Name.
    pub name: String,
}

/// One participant during the fight. Names and the maps it only reads are shared with its
/// [`CharacterSetup`] (`Arc`, the same JSON); the reserve is copied on its first reload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    /// Name.
    pub name: Arc<str>,
    /// Side.
    pub side: u8,
    /// Stats.
    pub stats: Stats,
    /// Skills.
    pub skills: Arc<BTreeMap<String, i32>>,
    /// Current HP.
    pub hp: i32,
    /// Maximum HP.
    pub hp_max: i32,
    /// Weapons.
    pub weapons: Vec<Weapon>,
    /// Head armour.
    pub head: Option<ArmorPiece>,
    /// Body armour.
    pub body: Option<ArmorPiece>,
    /// Spare ammunition: calibre → type → rounds.
    pub reserve: Arc<Reserve>,
    /// Position, metres.
    pub position: i32,
    /// Modifier to every check.
    pub modifier: i32,
    /// Plain modifiers by skill name, or `initiative` / `ranged` / `melee`.
    pub bonuses: Arc<BTreeMap<String, i32>>,
    /// Initiative total.
    pub initiative: i32,
    /// Prone.
    pub prone: bool,
    /// Dead.
    pub dead: bool,
    /// Fled or surrendered.
    pub left: Option<Leaving>,
    /// Death saves made (each adds 1 to the penalty, RED-45).
    pub death_saves: i32,
    /// Stabilized: no more death saves.
    pub stabilized: bool,
    /// Critical injuries suffered.
    pub injuries: Vec<InjuryTaken>,
    /// Sum of the injuries' modifiers.
    pub effects: InjuryEffect,
    /// Whom this one holds.
    pub grabbing: Option<usize>,
    /// Who holds this one.
    pub grabbed_by: Option<usize>,
    /// Using the grabbed character as a human shield.
    pub human_shield: bool,
    /// Shield HP, if one is carried.
    pub shield: Option<i32>,
    /// Shield in hand.
    pub shield_in_hand: bool,
    /// NET actions per turn.
    pub net_actions: u32,
    /// Evasion choice.
    pub evade: Option<bool>,
    /// Tactic hint: open with a delayed attack.
    pub ambush: bool,
    /// Loses the Action of the next turn (Spinal Injury).
    pub lose_action: bool,
    /// Loses the Move Action of the next turn (Damaged or Lost Ear after moving too far).
    #[serde(default)]
    pub lose_move: bool,
    /// Hands that can still hold something: 2, one less for each arm or hand a critical
    /// injury took (RED-42).
    #[serde(default = "two")]
    pub hands: u32,
    /// Modifier of attacks with each of those hands, soundest first (RED-42 Crushed
    /// Fingers): weapons in hand take the soundest hands in index order, since passing a
    /// weapon to the other hand is free (RED-09).
    #[serde(default, skip_serializing_if = "hands::sound")]
    pub hand_modifiers: [i32; 2],
    /// What the fighter spent, dealt and took, for its standing (nothing reads it).
    #[serde(default, skip_serializing_if = "Tally::is_zero")]
    pub tally: Tally,
    /// Pinned by suppressive fire: the next Move Action is spent.
    pub suppressed: bool,
    /// Vehicle aboard.
    pub vehicle: Option<usize>,
    /// Long task under way.
    pub task: Option<Task>,
    /// Skills and bonuses attacks read, summed once.
    #[serde(skip)]
    pub(crate) sheet: Derived<Sheet>,
}

impl Fighter {
    /// A fighter as the setup describes it, its gear looked up in `tables` (DV rows copied
    /// to `rows`). The setup has been validated against the tables.
    pub(super) fn new(c: &CharacterSetup, tables: &Tables, rows: &mut Vec<Option<i32>>) -> Self {
        let piece = |name: &Option<Arc<str>>| {
            name.as_ref().map(|n| {
                let a = tables.armor[&**n];
                ArmorPiece {
                    name: n.clone(),
                    sp: a.sp,
                    penalty: a.penalty,
                }
            })
        };
        let max = c.hp.unwrap_or_else(|| hp_max(c.stats.body, c.stats.will));
        let mut f = Fighter {
            name: c.name.clone(),
            side: c.side,
            stats: c.stats,
            skills: c.skills.clone(),
            hp: max,
            hp_max: max,
            weapons: Vec::with_capacity(c.weapons.len()),
            head: piece(&c.armor.head),
            body: piece(&c.armor.body),
            reserve: c.reserve.clone(),
            position: c.position,
            modifier: c.modifier,
            bonuses: c.bonuses.clone(),
            initiative: 0,
            prone: c.prone,
            dead: false,
            left: None,
            death_saves: 0,
            stabilized: false,
            injuries: Vec::new(),
            effects: InjuryEffect::default(),
            grabbing: None,
            grabbed_by: None,
            human_shield: false,
            shield: c.shield,
            shield_in_hand: false,
            net_actions: c.net_actions,
            evade: c.evade,
            ambush: c.ambush,
            lose_action: false,
            lose_move: false,
            hands: 2,
            hand_modifiers: [0; 2],
            tally: Tally::default(),
            suppressed: false,
            vehicle: None,
            task: None,
            sheet: Derived::default(),
        };
        for w in &c.weapons {
            let p = &tables.weapons[&*w.profile];
            let kit = Kit::new(p, f.skill(&p.skill), tables, rows);
            f.weapons.push(Weapon {
                name: w.name.clone(),
                profile: w.profile.clone(),
                loaded: w.loaded.unwrap_or(p.magazine),
                ammo: w.ammo.clone(),
                holding: w.holding,
                kit: Derived(kit),
            });
        }
        f.sheet = Derived(Sheet::of(&f));
        f
    }

    /// Derives the sheet and the weapons' kits again (a fighter read back from JSON has
    /// none); a weapon whose profile the tables lack keeps an empty kit.
    pub(super) fn equip(&mut self, tables: &Tables, rows: &mut Vec<Option<i32>>) {
        self.sheet = Derived(Sheet::of(self));
        for w in 0..self.weapons.len() {
            if let Some(p) = tables.weapons.get(&*self.weapons[w].profile) {
                let kit = Kit::new(p, self.skill(&p.skill), tables, rows);
                self.weapons[w].kit = Derived(kit);
            }
        }
    }

    /// Still in the fight: alive and present.
    pub fn present(&self) -> bool {
        !self.dead && self.left.is_none()
    }

    /// Able to fight: present with HP ≥ 1.
    pub fn standing(&self) -> bool {
        self.present() && self.hp >= 1
    }

    /// Able to act and counting for its side (RED-01, RED-44): present, and standing unless
    /// `settings.mortally_wounded_act` lets a Mortally Wounded character act.
    pub fn able(&self, s: &Settings) -> bool {
        self.present() && (self.hp >= 1 || s.mortally_wounded_act)
    }

    /// RED-41: the worst penalty of the armour worn.
    pub fn armor_penalty(&self) -> i32 {
        [&self.head, &self.body]
            .into_iter()
            .flatten()
            .map(|a| a.penalty)
            .max()
            .unwrap_or(0)
    }

    /// REF after the armour penalty.
    pub fn reflexes(&self) -> i32 {
        self.stats.reflexes - self.armor_penalty()
    }

    /// DEX after the armour penalty.
    pub fn dex(&self) -> i32 {
        self.stats.dex - self.armor_penalty()
    }

    /// Current wound state (RED-44).
    pub fn wound(&self) -> Wound {
        wound_state(self.hp, self.hp_max)
    }

    /// Penalty of the wound state to all actions (RED-44), as a modifier.
    pub(super) fn wound_modifier(&self, s: &Settings) -> i32 {
        match self.wound() {
            Wound::Seriously => -s.seriously_penalty,
            Wound::Mortally => -s.mortally_penalty,
            _ => 0,
        }
    }

    /// MOVE after armour (RED-41), Mortally Wounded (RED-44) and injuries (RED-14).
    /// Wounds and injuries never take it below `settings.move_floor` ("minimum 1").
    pub fn move_stat(&self, s: &Settings) -> i32 {
        let mortal = if self.wound() == Wound::Mortally {
            s.mortally_move
        } else {
            0
        };
        let base = (self.stats.move_ - self.armor_penalty()).max(0);
        (base - mortal + self.effects.move_).max(base.min(s.move_floor))
    }

    /// Metres of one Move Action: MOVE × 2 (RED-11).
    pub fn move_metres(&self, s: &Settings) -> u32 {
        self.move_stat(s) as u32 * 2
    }

    /// One Move Action in position units: MOVE × 2 metres, or MOVE squares on a grid (RED-11).
    pub fn move_allowance(&self, s: &Settings) -> u32 {
        if s.grid {
            self.move_stat(s) as u32
        } else {
            self.move_metres(s)
        }
    }

    /// Skill level plus any bonus under its name (0 when untrained).
    pub fn skill(&self, name: &str) -> i32 {
        self.skills.get(name).copied().unwrap_or(0) + self.bonus(name)
    }

    /// The plain bonus under `key` (0 when none).
    pub fn bonus(&self, key: &str) -> i32 {
        self.bonuses.get(key).copied().unwrap_or(0)
    }

    pub(crate) fn hands_used(&self) -> u32 {
        let weapons: u32 = self
            .weapons
            .iter()
            .filter(|w| w.holding == Holding::InHand)
            .map(|w| w.kit.0.hands)
            .sum();
        weapons + u32::from(self.shield_in_hand) + u32::from(self.grabbing.is_some())
    }

    pub(super) fn death_penalty(&self) -> i32 {
        self.death_saves + self.effects.death_save
    }

    /// DEX + Evasion + modifiers (RED-33, RED-37), term by term; a lost leg leaves no
    /// Evasion (RED-42).
    pub(super) fn evasion_terms(&self, s: &Settings) -> Terms {
        let evasion = if self.effects.no_evade {
            0
        } else {
            self.sheet.0.evasion
        };
        self.terms(s, Stat::Dex, evasion)
    }

    /// What every check of this fighter adds (RED-30): `stat` (REF and DEX less the armour
    /// penalty, RED-41), `skill`, the wound penalty (RED-44), the injuries' penalty to all
    /// actions (RED-42) and the fighter's own modifier.
    pub(super) fn terms(&self, s: &Settings, stat: Stat, skill: i32) -> Terms {
        let st = &self.stats;
        let (stat_value, armor) = match stat {
            Stat::Ref => (st.reflexes, -self.armor_penalty()),
            Stat::Dex => (st.dex, -self.armor_penalty()),
            Stat::Body => (st.body, 0),
            Stat::Will => (st.will, 0),
            Stat::Move => (st.move_, 0),
            Stat::Tech => (st.tech, 0),
            Stat::Int => (st.int, 0),
            Stat::Cool => (st.cool, 0),
            Stat::None => (0, 0),
        };
        Terms {
            stat,
            stat_value,
            skill,
            armor,
            wound: self.wound_modifier(s),
            injury: self.effects.all,
            aimed: 0,
            modifier: self.modifier,
        }
    }
}

/// A vehicle now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vehicle {
    /// Name.
    pub name: String,
    /// Position.
    pub position: i32,
    /// Driver.
    pub driver: Option<usize>,
    /// Started.
    pub started: bool,
}

/// What the acting participant has spent this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    /// Movement available (MOVE × 2 metres, or MOVE squares on a grid; Run adds as much again).
    pub budget: u32,
    /// Movement spent (metres, or squares on a grid), RED-12 costs included.
    pub spent: u32,
    /// Metres actually moved.
    pub walked: u32,
    /// Moved (or left a vehicle) this turn.
    pub moved: bool,
    /// The Action is spent.
    pub action_used: bool,
    /// Attacks made (never more than two, RED-07).
    pub attacks: u32,
    /// ROF of the Action's attacks: 2 allows a second one (RED-06).
    pub attack_rof: u32,
    /// NET actions spent.
    pub net_used: u32,
}

/// A delayed action waiting for its trigger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Delay {
    /// Who waits.
    pub actor: usize,
    /// The action.
    pub action: Command,
    /// When.
    pub trigger: Trigger,
    /// The round it was declared (it lapses at that round's end).
    pub round: u32,
}

/// How the fight ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    /// Winning side.
    pub winner: Option<u8>,
    /// Why.
    pub reason: String,
}

/// A ranged attack made and accounted for, its dice not yet rolled: the defender decides
/// whether to evade (RED-33) with [`Command::Evade`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingEvasion {
    /// Index of the attacker.
    pub attacker: usize,
    /// Index of the defender, who decides.
    pub defender: usize,
    /// The attack (a [`Command::Attack`] without an `evade`).
    pub attack: Command,
    /// The attack as worked out when it was made, its defence waiting for the answer.
    #[serde(skip)]
    pub(super) plan: Derived<Option<Result<PreparedAttack, RuleError>>>,
}

impl PendingEvasion {
    /// The attack `attacker` made on `defender`, worked out, waiting for the answer.
    pub(super) fn new(attacker: usize, order: &AttackOrder, plan: PreparedAttack) -> Self {
        PendingEvasion {
            attacker,
            defender: plan.target,
            attack: order.command(attacker),
            plan: Derived(Some(Ok(plan))),
        }
    }

    /// The attack worked out ([`State::equip`] works it out again for a state read back);
    /// an error when it cannot be made in this state (a state edited by hand).
    pub(super) fn plan(&self) -> Result<&PreparedAttack, RuleError> {
        match &self.plan.0 {
            Some(plan) => plan.as_ref().map_err(RuleError::clone),
            None => unreachable!("an equipped state's pending attack is worked out"),
        }
    }
}

/// Everything the engine needs to go on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Tables in use (the setup's, shared).
    pub tables: Arc<Tables>,
    /// Settings in use.
    pub settings: Settings,
    /// Participants (setup order, newcomers appended).
    pub fighters: Vec<Fighter>,
    /// Vehicles.
    pub vehicles: Vec<Vehicle>,
    /// Initiative queue: fighter indices, first to last (RED-02, RED-03).
    pub queue: Vec<usize>,
    /// Position in the queue of the acting participant.
    pub current: usize,
    /// Where the round goes on after a driver moved to the front mid-round (RED-03).
    pub resume: Option<usize>,
    /// Round number, from 1.
    pub round: u32,
    /// The acting participant's spending this turn.
    pub turn: TurnState,
    /// Delayed actions waiting.
    pub delays: Vec<Delay>,
    /// Set when the fight is over.
    pub finished: Option<Finish>,
    /// Critical injuries so far (the simulation metric).
    pub critical_injuries: u32,
    /// A ranged attack waiting for its defender to choose whether to evade (RED-33).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<PendingEvasion>,
    /// The fighters' DV rows, copied once.
    #[serde(skip)]
    pub(crate) gear: Derived<Gear>,
}

/// The derived data of a state: whether its fighters' sheets and kits are there, and the
/// DV rows their kits point into (the tables' rows, copied when the fighter entered).
#[derive(Clone, Debug, Default)]
pub(crate) struct Gear {
    pub(super) equipped: bool,
    /// Shared with the setup's other fights until a newcomer joins.
    pub(super) rows: Arc<Vec<Option<i32>>>,
}

impl State {
    /// The participant whose turn it is (the last one to act once the fight is over).
    pub fn actor(&self) -> usize {
        self.queue[self.current]
    }

    pub(super) fn name(&self, i: usize) -> String {
        self.fighters[i].name.to_string()
    }

    /// Metres between two positions (squares count 2 m on a grid).
    pub fn metres(&self, a: i32, b: i32) -> u32 {
        let d = a.abs_diff(b);
        if self.settings.grid {
            d.saturating_mul(2)
        } else {
            d
        }
    }

    /// The DV row a kit points to.
    #[inline]
    pub(crate) fn row(&self, at: usize) -> &[Option<i32>] {
        &self.gear.0.rows[at..at + self.tables.dv.bands.len()]
    }

    /// Whether the derived data is there (a state read back from JSON has none).
    pub(crate) fn equipped(&self) -> bool {
        self.gear.0.equipped
    }

    /// Derives the fighters' sheets and kits again.
    pub(crate) fn equip(&mut self) {
        let mut rows = Vec::new();
        for f in &mut self.fighters {
            f.equip(&self.tables, &mut rows);
        }
        self.gear = Derived(Gear {
            equipped: true,
            rows: Arc::new(rows),
        });
        if let Some(p) = &self.pending {
            let plan = match AttackOrder::of(&p.attack) {
                Some((_, order)) => prepare_attack(self, p.attacker, &order),
                None => Err(refuse("RED-33", msg!("red-refuse-no-evasion-waiting"))),
            };
            self.pending.as_mut().expect("checked above").plan = Derived(Some(plan));
        }
    }

    pub(super) fn queue_names(&self) -> Vec<String> {
        self.queue.iter().map(|&i| self.name(i)).collect()
    }
}
