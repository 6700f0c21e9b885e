//! Handles as C sees them: never addresses, but numbered entries of one registry, each
//! with a generation (as `slotmap` does), so a handle that was freed, was never made here, or
//! belongs to another kind is *detected* (`FRAY_INVALID_HANDLE`) instead of dereferenced.
//!
//! A handle's value is `(generation << INDEX_BITS) | (slot + 1)`: never NULL, and a slot
//! reused after a free has a new generation, so the old handle does not reach the new
//! object. Generations wrap after 2^32 reuses of one slot (2^16 on 32-bit targets).
//! A lookup takes the registry's read lock, except that each thread remembers its last
//! lookup until any handle is freed (one atomic load), so hot loops on one handle pay no lock.
//!
//! Strings the library returns stay real `char *` (C reads them), and their live addresses
//! are kept in a set: freeing one twice, or freeing a pointer the library never returned,
//! is refused instead of reaching the allocator. (An address the allocator gives to a
//! newer string is live again; a stale free of it then frees the newer string, which is the
//! caller's bug but never undefined behaviour inside the library.)

use std::cell::Cell;
use std::collections::HashSet;
use std::ffi::{c_char, CString};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError, RwLock};

use crate::boundary::{null, Failure, Outcome};
use crate::dice::fray_rng;
use crate::encounter::fray_encounter;
use crate::FRAY_INVALID_HANDLE;

const INDEX_BITS: u32 = usize::BITS / 2;
const INDEX_MASK: usize = (1 << INDEX_BITS) - 1;

/// What a slot holds: the object's address, bit-inverted so that a leak checker
/// (valgrind, LeakSanitizer) scanning the registry does not take it for a reference, and a
/// handle the host never frees is still reported as a leak.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Object {
    Rng(usize),
    Encounter(usize),
}

/// A type that C holds through a handle.
pub(crate) trait Handled: Sized {
    /// Its name in messages ("fray_rng").
    const KIND: &'static str;
    /// Its tag in the per-thread cache.
    const TAG: u8;
    /// The slot content for the object at `hidden` (an inverted address).
    fn wrap(hidden: usize) -> Object;
    /// The inverted address, if `object` is of this kind.
    fn get(object: Object) -> Option<usize>;
}

impl Handled for fray_rng {
    const KIND: &'static str = "fray_rng";
    const TAG: u8 = 1;
    fn wrap(hidden: usize) -> Object {
        Object::Rng(hidden)
    }
    fn get(object: Object) -> Option<usize> {
        match object {
            Object::Rng(hidden) => Some(hidden),
            Object::Encounter(_) => None,
        }
    }
}

impl Handled for fray_encounter {
    const KIND: &'static str = "fray_encounter";
    const TAG: u8 = 2;
    fn wrap(hidden: usize) -> Object {
        Object::Encounter(hidden)
    }
    fn get(object: Object) -> Option<usize> {
        match object {
            Object::Encounter(hidden) => Some(hidden),
            Object::Rng(_) => None,
        }
    }
}

struct Slot {
    generation: usize,
    object: Option<Object>,
}

struct Registry {
    slots: Vec<Slot>,
    free: Vec<usize>,
}

static REGISTRY: RwLock<Registry> = RwLock::new(Registry {
    slots: Vec::new(),
    free: Vec::new(),
});

/// How many handles were ever freed; bumped under the registry's write lock by every free.
/// A thread's cached lookup is good while this has not moved.
static FREES: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// This thread's last lookup: (handle, inverted address, FREES then, kind tag). Hot
    /// loops call with one handle again and again; a hit costs a thread-local read and one
    /// atomic load instead of the registry's lock. Sound because no handle was freed since
    /// the entry was made (a free by another thread that the caller ordered before this call
    /// is seen by the Acquire load; an unordered one would be two threads using one handle
    /// at once, which the header forbids).
    static LAST: Cell<(usize, usize, usize, u8)> = const { Cell::new((0, 0, usize::MAX, 0)) };
}

/// Inverted addresses of the strings handed out and not yet freed (inverted for the same
/// reason as `Object`'s).
static STRINGS: Mutex<Option<HashSet<usize>>> = Mutex::new(None);

fn split(handle: usize) -> Option<(usize, usize)> {
    let slot = (handle & INDEX_MASK).checked_sub(1)?;
    Some((slot, handle >> INDEX_BITS))
}

#[cold]
#[inline(never)]
fn invalid(what: &str, kind: &str, handle: usize) -> Failure {
    Failure::new(
        FRAY_INVALID_HANDLE,
        format!(
            "`{what}` ({handle:#x}) is not a live {kind}: freed already, never made by this library, or a handle of another kind"
        ),
    )
}

/// Stores `value` and returns its handle.
pub(crate) fn into_handle<T: Handled>(value: T) -> *mut T {
    // The address is exposed (`as usize`) so that `handle` may turn it back into a pointer.
    let hidden = !(Box::into_raw(Box::new(value)) as usize);
    let object = Some(T::wrap(hidden));
    let mut reg = REGISTRY.write().unwrap_or_else(PoisonError::into_inner);
    let (slot, generation) = match reg.free.pop() {
        Some(slot) => {
            let entry = &mut reg.slots[slot];
            entry.object = object;
            (slot, entry.generation)
        }
        None => {
            reg.slots.push(Slot {
                generation: 0,
                object,
            });
            (reg.slots.len() - 1, 0)
        }
    };
    // `slot + 1` fits INDEX_BITS: 2^32 live handles do not fit in memory (on 32-bit
    // targets 65 535 live handles are the most, checked here).
    assert!(slot < INDEX_MASK, "too many live handles");
    // An integer that C only ever passes back; it is never dereferenced as an address.
    ((generation << INDEX_BITS) | (slot + 1)) as *mut T
}

/// The address of the live object of kind `T` behind `handle`, if there is one.
#[inline]
fn lookup<T: Handled>(handle: usize) -> Option<*mut T> {
    let frees = FREES.load(Ordering::Acquire);
    if let Ok((h, hidden, then, tag)) = LAST.try_with(Cell::get) {
        if h == handle && then == frees && tag == T::TAG {
            return Some(!hidden as *mut T);
        }
    }
    let found = lookup_registry::<T>(handle)?;
    // `frees` was read before the registry: a free in between makes the entry stale at once.
    let _ = LAST.try_with(|last| last.set((handle, !(found as usize), frees, T::TAG)));
    Some(found)
}

#[inline(never)]
fn lookup_registry<T: Handled>(handle: usize) -> Option<*mut T> {
    let (slot, generation) = split(handle)?;
    let reg = REGISTRY.read().unwrap_or_else(PoisonError::into_inner);
    let entry = reg.slots.get(slot)?;
    if entry.generation != generation {
        return None;
    }
    T::get(entry.object?).map(|hidden| !hidden as *mut T)
}

/// The object behind a live handle of kind `T`.
pub(crate) fn handle<'a, T: Handled>(ptr: *mut T, what: &str) -> Outcome<&'a mut T> {
    let value = ptr as usize;
    if value == 0 {
        return Err(null(what));
    }
    let object = lookup::<T>(value).ok_or_else(|| invalid(what, T::KIND, value))?;
    // SAFETY: `object` is the address `Box::into_raw` gave for this live slot (its
    // provenance exposed by the cast in `into_handle`); the box is freed only by this
    // handle's `_free`. The header forbids using one handle from two threads at once (a
    // free is a use), so nothing frees or touches the object during the call and this is
    // the only reference to it.
    Ok(unsafe { &mut *object })
}

/// Frees a handle made by `into_handle`: `Ok` for NULL (a no-op) and a live handle of kind
/// `T`, `FRAY_INVALID_HANDLE` for anything else (nothing is freed then).
pub(crate) fn free_handle<T: Handled>(ptr: *mut T, what: &str) -> Outcome {
    let value = ptr as usize;
    if value == 0 {
        return Ok(());
    }
    let taken = split(value).and_then(|(slot, generation)| {
        let mut reg = REGISTRY.write().unwrap_or_else(PoisonError::into_inner);
        let entry = reg.slots.get_mut(slot)?;
        if entry.generation != generation {
            return None;
        }
        let hidden = T::get(entry.object?)?;
        entry.object = None;
        entry.generation = (entry.generation + 1) & INDEX_MASK;
        reg.free.push(slot);
        FREES.fetch_add(1, Ordering::Release);
        Some(!hidden as *mut T)
    });
    let object = taken.ok_or_else(|| invalid(what, T::KIND, value))?;
    // SAFETY: the address `Box::into_raw` gave for this slot, which was live until just now
    // and is now emptied under the lock, so this box is freed once. Dropped outside the
    // lock: an encounter's drop may take a while.
    drop(unsafe { Box::from_raw(object) });
    Ok(())
}

/// A string for C: NUL-terminated UTF-8 owned by the caller until `fray_string_free`.
/// JSON never holds a NUL byte; any other text has NUL bytes replaced by U+FFFD.
pub(crate) fn output_string(text: String) -> *mut c_char {
    let c = CString::new(text).unwrap_or_else(|e| {
        let text = String::from_utf8(e.into_vec())
            .expect("the text was a String")
            .replace('\0', "\u{FFFD}");
        CString::new(text).expect("NUL bytes were replaced")
    });
    let ptr = c.into_raw();
    STRINGS
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get_or_insert_with(HashSet::new)
        .insert(!(ptr as usize));
    ptr
}

/// Frees a string made by `output_string`: `Ok` for NULL (a no-op) and a live string,
/// `FRAY_INVALID_HANDLE` for a string freed already or never returned by this library.
pub(crate) fn free_string(ptr: *mut c_char) -> Outcome {
    if ptr.is_null() {
        return Ok(());
    }
    let live = STRINGS
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .as_mut()
        .is_some_and(|set| set.remove(&!(ptr as usize)));
    if !live {
        return Err(Failure::new(
            FRAY_INVALID_HANDLE,
            format!(
                "`string` ({:#x}) is not a live string of this library: freed already or never returned by it",
                ptr as usize
            ),
        ));
    }
    // SAFETY: `ptr` was returned by `output_string` (it was in the live set, which only
    // `output_string` fills) and is removed from the set now, so it is freed once.
    drop(unsafe { CString::from_raw(ptr) });
    Ok(())
}
