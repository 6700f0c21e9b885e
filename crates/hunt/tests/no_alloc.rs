//! The hot path does not allocate: `exchange` over a counting global allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use fray_dice::Rng;
use fray_hunt::*;

struct Counting;

thread_local! {
    /// Allocations made by this thread: the test harness's own threads allocate while a
    /// test runs, and must not count against the code under test.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

// SAFETY: forwards every call to the system allocator unchanged; only counts allocations.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // A thread being torn down has no counter left; its allocations are not the test's.
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn exchange_does_not_allocate() {
    let mut spec = OddsSpec::default().to_duel().unwrap();
    spec.context.trap = true;
    spec.sides[1].fighter.tactic = Tactic::Flee;
    spec.sides[0].fighter.tactic = Tactic::Pursue;
    spec.sides[0].fighter.bleeding = 1;
    let mut rng = Rng::new(3, 0);
    let before = allocations();
    let mut hits = 0u32;
    for _ in 0..10_000 {
        let r = exchange(&mut rng, &spec).unwrap();
        hits += u32::from(r.strikes[0].is_some_and(|s| s.hit));
    }
    let after = allocations();
    assert_eq!(after - before, 0, "exchange allocated");
    assert!(hits > 0);
}
