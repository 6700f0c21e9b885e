//! Areas (AND-01): «Эффекты по площади тоже измеряются в метрах. Размер круга всегда
//! указывает его диаметр.» Shapes as setup data and who stands inside, in integers only:
//! every comparison is of squares, so no square root and no float decides a hit.

use serde::{Deserialize, Serialize};

use crate::engine::dist2_saturating;

/// Largest size of an area in metres: far beyond any speed of the rules (300 m at rank 4),
/// and small enough that every product below stays exact in 128 bits.
pub const MAX_AREA: u32 = 10_000;

/// The shape an area ability covers (AND-01, AND-26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "shape", rename_all = "snake_case", deny_unknown_fields)]
pub enum Area {
    /// A circle of this **diameter** in metres, centred on the chosen point (which must be
    /// within the ability's `range`).
    Circle {
        /// Metres across.
        diameter: u32,
    },
    /// A line from the user towards the chosen point: `length` metres long, `width` metres
    /// wide (half of it on each side).
    Line {
        /// Metres from the user.
        length: u32,
        /// Metres across.
        width: u32,
    },
    /// A cone from the user towards the chosen point, `length` metres long, as wide at each
    /// distance as that distance (**\[default\]**, about 53°).
    Cone {
        /// Metres from the user.
        length: u32,
    },
}

impl Area {
    /// Why the shape is not one the rules can use, if it is not.
    pub fn problem(&self) -> Option<String> {
        let sizes: &[(&str, u32)] = match self {
            Area::Circle { diameter } => &[("diameter", *diameter)],
            Area::Line { length, width } => &[("length", *length), ("width", *width)],
            Area::Cone { length } => &[("length", *length)],
        };
        sizes
            .iter()
            .find(|(_, v)| !(1..=MAX_AREA).contains(v))
            .map(|(name, v)| format!("area.{name}: found {v}, allowed 1..={MAX_AREA} metres"))
    }

    /// Whether the shape starts at its user (a line or a cone) rather than at the point.
    pub fn from_user(&self) -> bool {
        !matches!(self, Area::Circle { .. })
    }

    /// Whether `p` is inside the area aimed at `at` by a user standing at `origin`. A point
    /// on the edge is inside.
    pub fn covers(&self, origin: [i64; 2], at: [i64; 2], p: [i64; 2]) -> bool {
        let (reach, width) = match *self {
            Area::Circle { diameter } => {
                // Within the radius: (2·d)² ≤ diameter².
                let d2 = u128::from(dist2_saturating(at, p));
                return 4 * d2 <= u128::from(diameter) * u128::from(diameter);
            }
            Area::Line { length, width } => (length, Some(width)),
            Area::Cone { length } => (length, None),
        };
        // Too far from the user to be inside: this also bounds every product below.
        let outer = u64::from(reach) + u64::from(width.unwrap_or(reach));
        if dist2_saturating(origin, p) > outer * outer {
            return false;
        }
        let v = [
            i128::from(at[0]) - i128::from(origin[0]),
            i128::from(at[1]) - i128::from(origin[1]),
        ];
        let w = [
            i128::from(p[0]) - i128::from(origin[0]),
            i128::from(p[1]) - i128::from(origin[1]),
        ];
        let vv = v[0] * v[0] + v[1] * v[1];
        if vv == 0 {
            return false;
        }
        // Along the axis: proj / |v| metres; across it: |cross| / |v| metres.
        let proj = w[0] * v[0] + w[1] * v[1];
        let cross = w[0] * v[1] - w[1] * v[0];
        let reach = i128::from(reach);
        let along = proj >= 0 && proj * proj <= reach * reach * vv;
        along
            && match width {
                Some(width) => 4 * cross * cross <= i128::from(width) * i128::from(width) * vv,
                None => 4 * cross * cross <= proj * proj,
            }
    }
}

#[cfg(test)]
mod tests {
    use super::Area;

    #[test]
    fn and_01_a_circle_is_measured_by_its_diameter() {
        // AND-01: a 10 m circle reaches 5 m from its centre, the edge included.
        let c = Area::Circle { diameter: 10 };
        assert!(c.covers([0, 0], [20, 0], [25, 0]));
        assert!(c.covers([0, 0], [20, 0], [23, 4]));
        assert!(!c.covers([0, 0], [20, 0], [26, 0]));
        assert!(!c.covers([0, 0], [20, 0], [24, 4]));
        // An odd diameter: 3 m reaches 1.5 m, so (1, 1) at √2 m is in, (2, 0) is out.
        let c = Area::Circle { diameter: 3 };
        assert!(c.covers([0, 0], [0, 0], [1, 1]) && !c.covers([0, 0], [0, 0], [2, 0]));
    }

    #[test]
    fn and_01_lines_and_cones_start_at_the_user() {
        let line = Area::Line {
            length: 10,
            width: 2,
        };
        // Aimed along +x: 1 m either side, 0 … 10 m along.
        assert!(line.covers([0, 0], [3, 0], [10, 1]));
        assert!(!line.covers([0, 0], [3, 0], [11, 0]));
        assert!(!line.covers([0, 0], [3, 0], [5, 2]));
        assert!(!line.covers([0, 0], [3, 0], [-1, 0]));
        // Diagonal: (3, 4) is 5 m along, 0 across; (4, 3) is 4.8 along, 1.4 across.
        assert!(line.covers([0, 0], [6, 8], [3, 4]));
        assert!(!line.covers([0, 0], [6, 8], [4, 3]));
        let cone = Area::Cone { length: 10 };
        // As wide as the distance: at 8 m, 4 m either side.
        assert!(cone.covers([0, 0], [1, 0], [8, 4]));
        assert!(!cone.covers([0, 0], [1, 0], [8, 5]));
        assert!(!cone.covers([0, 0], [1, 0], [11, 0]));
        // Far away, at the largest coordinates, exactly and without overflow.
        let far = crate::MAX_COORD;
        assert!(!cone.covers([-far, -far], [far, far], [far, far]));
        assert!(cone.covers([-far, -far], [far, far], [-far + 5, -far + 5]));
    }

    #[test]
    fn area_sizes_are_bounded() {
        assert!(Area::Circle { diameter: 0 }.problem().is_some());
        assert!(Area::Line {
            length: 5,
            width: 10_001
        }
        .problem()
        .is_some_and(|p| p.contains("area.width")));
        assert!(Area::Cone { length: 10_000 }.problem().is_none());
    }
}
