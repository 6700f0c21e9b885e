//! The hot path (`check`, `attack`, `damage`, `death_save`) allocates nothing without a
//! transcript: counted with a global allocator.
// A counting allocator needs `unsafe impl GlobalAlloc`; it only delegates to `System`.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use fray_dice::Rng;
use fray_red::{attack, check, death_save, AttackSpec, CheckSpec, DamageSpec, Defense};

struct Counting;

thread_local! {
    // Per thread, so the test harness's own threads do not count.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn hot_path_does_not_allocate() {
    let mut rng = Rng::new(11, 0);
    let specs = [
        AttackSpec::default(),
        AttackSpec {
            attack: 14,
            defense: Defense::Opposed { base: 12 },
            autofire_cap: 4,
            damage: DamageSpec {
                dice: 2,
                sp: 7,
                head_multiplier: 2,
                ..DamageSpec::default()
            },
            critical: true,
        },
    ];
    let check_spec = CheckSpec::default();
    let before = allocations();
    let mut hits = 0u32;
    for i in 0..20_000 {
        let r = attack(&mut rng, &specs[i % 2], None).unwrap();
        hits += u32::from(r.hit);
        hits += u32::from(check(&mut rng, &check_spec, None).unwrap().success);
        hits += u32::from(death_save(&mut rng, 6, 1, None).unwrap().success);
    }
    let after = allocations();
    assert!(hits > 0);
    assert_eq!(after - before, 0, "the hot path allocated");
    // The counter is live: a transcript does allocate.
    let mut t = fray_dice::Transcript::new();
    attack(&mut rng, &specs[1], Some(&mut t)).unwrap();
    assert!(allocations() > after);
}
