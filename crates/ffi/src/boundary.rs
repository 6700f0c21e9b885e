//! The boundary itself: result codes, the last-error message and rule id, the panic guard
//! (and its quiet panic hook) and the helpers that turn C pointers into Rust values. Every
//! `unsafe` block of the crate that reads caller memory goes through the few functions here;
//! handles and returned strings live in `handles`.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;

use fray_dice::{EncounterError, Error, ErrorKind, ReplayError, RuleError};

use crate::limits::{FRAY_MAX_BATCH, FRAY_MAX_JSON_BYTES};

/// What a call came to. `FRAY_OK` (0) is success; every other value is a failure whose
/// detail `fray_last_error` returns on the same thread.
///
/// The numbers are part of the ABI: they never change, and a code that is retired is never
/// given to another meaning.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum fray_result {
    /// Success.
    FRAY_OK = 0,
    /// A required pointer argument was NULL.
    FRAY_NULL_POINTER = 1,
    /// A string argument is not valid UTF-8.
    FRAY_INVALID_UTF8 = 2,
    /// A number or enum value is out of range (a d0, an unknown edge, a length too large).
    FRAY_INVALID_ARGUMENT = 3,
    /// Dice notation or JSON that does not parse, or JSON that does not fit the expected shape.
    FRAY_PARSE = 4,
    /// A documented limit was exceeded (dice per roll, JSON size, support of a distribution).
    FRAY_LIMIT = 5,
    /// Integer arithmetic overflowed (or divided by zero) in a dice expression.
    FRAY_OVERFLOW = 6,
    /// The ruleset id is not in this build; the message lists the ids that are.
    FRAY_UNKNOWN_RULESET = 7,
    /// A numbered rule of the ruleset refused the setup, the command or a typed check's spec;
    /// `fray_last_error_rule` gives its id ("HUNT-06") and the message starts with it.
    /// Nothing changed.
    FRAY_RULE = 8,
    /// A replay file is malformed, or made by another format or ruleset version.
    FRAY_REPLAY_INVALID = 9,
    /// A replay played out differently; the message names the first differing command.
    FRAY_REPLAY_MISMATCH = 10,
    /// The library panicked (a bug in Fray). The panic was caught at the boundary; the
    /// message carries the panic text and the process may go on.
    FRAY_PANIC = 11,
    /// A handle that is not a live handle of its kind: freed already (use after free, double
    /// free), never made by this library, or a handle of another kind (an `fray_rng` passed
    /// as an `fray_encounter`). Nothing was touched.
    FRAY_INVALID_HANDLE = 12,
    /// The ruleset refused the setup for a reason that is not a numbered rule (two fighters
    /// with one name, a reference to nobody). Nothing was made.
    FRAY_INVALID_SETUP = 13,
    /// The ruleset refused a command for a reason that is not a numbered rule (it names
    /// nobody). Nothing changed.
    FRAY_INVALID_COMMAND = 14,
    /// The encounter is over and takes no more commands. Nothing changed.
    FRAY_ENDED = 15,
}

pub use fray_result::*;

/// Every code, for tests and for `fray_error_message`.
pub(crate) const ALL_RESULTS: [fray_result; 16] = [
    FRAY_OK,
    FRAY_NULL_POINTER,
    FRAY_INVALID_UTF8,
    FRAY_INVALID_ARGUMENT,
    FRAY_PARSE,
    FRAY_LIMIT,
    FRAY_OVERFLOW,
    FRAY_UNKNOWN_RULESET,
    FRAY_RULE,
    FRAY_REPLAY_INVALID,
    FRAY_REPLAY_MISMATCH,
    FRAY_PANIC,
    FRAY_INVALID_HANDLE,
    FRAY_INVALID_SETUP,
    FRAY_INVALID_COMMAND,
    FRAY_ENDED,
];

impl fray_result {
    /// The fixed English text of a code, NUL-terminated.
    pub(crate) fn text(self) -> &'static std::ffi::CStr {
        match self {
            FRAY_OK => c"success",
            FRAY_NULL_POINTER => c"a required pointer argument was NULL",
            FRAY_INVALID_UTF8 => c"a string argument is not valid UTF-8",
            FRAY_INVALID_ARGUMENT => c"an argument is out of range",
            FRAY_PARSE => c"dice notation or JSON could not be parsed",
            FRAY_LIMIT => c"a documented limit was exceeded",
            FRAY_OVERFLOW => c"integer arithmetic overflowed",
            FRAY_UNKNOWN_RULESET => c"unknown ruleset",
            FRAY_RULE => c"the ruleset refused the setup or command",
            FRAY_REPLAY_INVALID => c"the replay file is invalid",
            FRAY_REPLAY_MISMATCH => c"the replay played out differently",
            FRAY_PANIC => c"internal error: the library panicked",
            FRAY_INVALID_HANDLE => c"the handle is not live (freed, foreign or of another kind)",
            FRAY_INVALID_SETUP => c"the ruleset refused the setup",
            FRAY_INVALID_COMMAND => c"the ruleset refused the command",
            FRAY_ENDED => c"the encounter is over",
        }
    }
}

/// A failed call: its code and the detail stored as the thread's last error.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) code: fray_result,
    pub(crate) message: String,
    /// The numbered rule that refused (`FRAY_RULE` only), for `fray_last_error_rule`.
    pub(crate) rule: String,
}

impl Failure {
    pub(crate) fn new(code: fray_result, message: impl Into<String>) -> Self {
        Failure {
            code,
            message: message.into(),
            rule: String::new(),
        }
    }

    /// A refusal of the rules. A numbered rule ("HUNT-06") is `FRAY_RULE` with that id; the
    /// rulesets' tags for refusals no rule numbers ("setup", "command", "encounter",
    /// "ended", "dice", "odds") get codes of their own and no rule id, so a rule id is
    /// always one of the rule books'. The message is `rule_prefix` + "HUNT-06: …" for a
    /// numbered rule, else `other_prefix` + the explanation.
    #[cold]
    pub(crate) fn refusal(e: RuleError, rule_prefix: &str, other_prefix: &str) -> Self {
        let code = match e.rule.as_str() {
            rule if is_rule_id(rule) => FRAY_RULE,
            "setup" => FRAY_INVALID_SETUP,
            "command" => FRAY_INVALID_COMMAND,
            "encounter" | "ended" => FRAY_ENDED,
            // The dice core refused a roll the ruleset asked for: only its limits do that.
            "dice" => FRAY_LIMIT,
            _ => FRAY_INVALID_ARGUMENT,
        };
        let message = if code == FRAY_RULE {
            format!("{rule_prefix}{}: {}", e.rule, e.message)
        } else {
            format!("{other_prefix}{}", e.message)
        };
        Failure {
            code,
            message,
            rule: if code == FRAY_RULE {
                e.rule.to_string()
            } else {
                String::new()
            },
        }
    }
}

impl Failure {
    /// The failure of a command: a refusal a ruleset tagged "setup" while checking a
    /// command (Better World's "there is no character #9") is about the command.
    pub(crate) fn of_command(mut self) -> Self {
        if self.code == FRAY_INVALID_SETUP {
            self.code = FRAY_INVALID_COMMAND;
        }
        self
    }
}

/// A rule id of the rule books: capital letters, a hyphen, digits ("AND-17", "BW-01").
fn is_rule_id(rule: &'static str) -> bool {
    match rule.split_once('-') {
        Some((book, number)) => {
            !book.is_empty()
                && book.bytes().all(|b| b.is_ascii_uppercase())
                && !number.is_empty()
                && number.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

/// The code for an error of the dice core.
fn code_of(kind: ErrorKind) -> fray_result {
    match kind {
        ErrorKind::Parse => FRAY_PARSE,
        ErrorKind::Limit => FRAY_LIMIT,
        ErrorKind::Overflow => FRAY_OVERFLOW,
        ErrorKind::UnknownRuleset => FRAY_UNKNOWN_RULESET,
        ErrorKind::Replay => FRAY_REPLAY_INVALID,
        _ => FRAY_INVALID_ARGUMENT,
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::new(code_of(e.kind()), e.message())
    }
}

impl From<RuleError> for Failure {
    #[cold]
    fn from(e: RuleError) -> Self {
        Failure::refusal(e, "", "")
    }
}

impl From<EncounterError> for Failure {
    fn from(e: EncounterError) -> Self {
        match e {
            EncounterError::InvalidInput(inner) => {
                Failure::new(code_of(inner.kind()), format!("invalid input: {inner}"))
            }
            EncounterError::Rule(rule) => Failure::refusal(rule, "rule ", ""),
        }
    }
}

impl From<ReplayError> for Failure {
    fn from(e: ReplayError) -> Self {
        let code = match &e {
            ReplayError::Invalid(inner) => match inner.kind() {
                ErrorKind::UnknownRuleset => FRAY_UNKNOWN_RULESET,
                ErrorKind::Limit => FRAY_LIMIT,
                ErrorKind::Parse => FRAY_PARSE,
                _ => FRAY_REPLAY_INVALID,
            },
            ReplayError::Setup(rule) => {
                return Failure::refusal(
                    rule.clone(),
                    "replay setup refused: ",
                    "replay setup refused: ",
                )
            }
            ReplayError::Mismatch(_) => FRAY_REPLAY_MISMATCH,
        };
        Failure::new(code, e.to_string())
    }
}

/// Result of a call body.
pub(crate) type Outcome<T = ()> = Result<T, Failure>;

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
    static LAST_RULE: RefCell<String> = const { RefCell::new(String::new()) };
    /// True while this thread runs a call body: the panic hook stays quiet then.
    static INSIDE: Cell<bool> = const { Cell::new(false) };
}

/// Whether a panic caught at the boundary is also reported on stderr (`fray_set_panic_output`).
static PANIC_OUTPUT: AtomicBool = AtomicBool::new(false);
static HOOK: Once = Once::new();

fn set_last_error(message: String, rule: String) {
    LAST_ERROR.with(|last| *last.borrow_mut() = message);
    LAST_RULE.with(|last| *last.borrow_mut() = rule);
}

/// The detail of the last failure on this thread (empty before any failure).
pub(crate) fn last_error() -> String {
    LAST_ERROR.with(|last| last.borrow().clone())
}

/// The rule id of the last failure on this thread if it was `FRAY_RULE`, else empty.
pub(crate) fn last_error_rule() -> String {
    LAST_RULE.with(|last| last.borrow().clone())
}

/// Turns the stderr report of caught panics on or off; returns the previous setting.
pub(crate) fn set_panic_output(on: bool) -> bool {
    PANIC_OUTPUT.swap(on, Ordering::Relaxed)
}

/// Chains a panic hook in front of the one installed before (the host's, or Rust's default
/// report): a panic inside a call body is silent unless the host asked for output (its text
/// goes to `fray_last_error` either way); any other panic reaches the previous hook as before.
fn install_hook() {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let inside = INSIDE.try_with(Cell::get).unwrap_or(false);
            if !inside || PANIC_OUTPUT.load(Ordering::Relaxed) {
                previous(info);
            }
        }));
    });
}

fn panic_text(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic with a non-text payload".to_owned()
    }
}

/// Runs `body` marked as inside the boundary, catching a panic.
fn inside<R>(body: impl FnOnce() -> R) -> std::thread::Result<R> {
    install_hook();
    let was = INSIDE.with(|i| i.replace(true));
    let result = catch_unwind(AssertUnwindSafe(body));
    INSIDE.with(|i| i.set(was));
    result
}

fn caught(payload: &(dyn Any + Send)) {
    set_last_error(
        format!(
            "internal error: the library panicked: {}",
            panic_text(payload)
        ),
        String::new(),
    );
}

/// Runs a call body inside the panic boundary: `Ok` → `FRAY_OK`; a failure or a panic →
/// its code, with the detail stored as the thread's last error. Nothing unwinds into C.
pub(crate) fn guard(body: impl FnOnce() -> Outcome) -> fray_result {
    match inside(body) {
        Ok(Ok(())) => FRAY_OK,
        Ok(Err(failure)) => {
            set_last_error(failure.message, failure.rule);
            failure.code
        }
        Err(payload) => {
            caught(payload.as_ref());
            FRAY_PANIC
        }
    }
}

#[cold]
#[inline(never)]
pub(crate) fn null(what: &str) -> Failure {
    Failure::new(FRAY_NULL_POINTER, format!("`{what}` must not be NULL"))
}

/// A required out-parameter, checked before any work is done so that a NULL changes nothing.
pub(crate) fn out_param<T>(ptr: *mut T, what: &str) -> Outcome<NonNull<T>> {
    NonNull::new(ptr).ok_or_else(|| null(what))
}

/// Writes the result of a successful call into its out-parameter.
pub(crate) fn write<T>(out: NonNull<T>, value: T) {
    // SAFETY: `out` came from `out_param`, so it is not NULL; the caller promises that it
    // points to writable, aligned memory for a `T` (the header documents every out-param).
    // `write` does not read or drop the old contents, which may be uninitialised.
    unsafe { out.as_ptr().write(value) }
}

#[cold]
#[inline(never)]
fn too_long(what: &str, len: usize, max: usize) -> Failure {
    Failure::new(
        FRAY_LIMIT,
        format!("`{what}` is {len} bytes long, over the limit of {max}"),
    )
}

/// Reads the UTF-8 string of `len` bytes at `ptr` (no NUL terminator needed). A length over
/// `max` is refused before a byte is read, so a wrong length cannot make the library read
/// past a short buffer.
pub(crate) fn input_str<'a>(
    ptr: *const c_char,
    len: usize,
    what: &str,
    max: usize,
) -> Outcome<&'a str> {
    if ptr.is_null() {
        return Err(null(what));
    }
    if len > max {
        return Err(too_long(what, len, max));
    }
    // SAFETY: `ptr` is not NULL and the caller promises `len` readable bytes at it that stay
    // unchanged for the call (the header says so for every string argument); `len` is at
    // most FRAY_MAX_JSON_BYTES, far below `isize::MAX`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) };
    std::str::from_utf8(bytes).map_err(|e| {
        Failure::new(
            FRAY_INVALID_UTF8,
            format!(
                "`{what}` is not valid UTF-8: {} valid bytes, then an invalid sequence",
                e.valid_up_to()
            ),
        )
    })
}

/// A JSON argument (at most `FRAY_MAX_JSON_BYTES`).
pub(crate) fn input_json<'a>(ptr: *const c_char, len: usize, what: &str) -> Outcome<&'a str> {
    input_str(ptr, len, what, FRAY_MAX_JSON_BYTES)
}

/// The caller's `T` at `ptr` (a `#[repr(C)]` spec), read by value.
pub(crate) fn input_value<T: Copy>(ptr: *const T, what: &str) -> Outcome<T> {
    if ptr.is_null() {
        return Err(null(what));
    }
    // SAFETY: not NULL; the caller promises a readable, aligned, initialised `T`. Every such
    // `T` is plain integers, so any bit pattern is a valid value.
    Ok(unsafe { ptr.read() })
}

/// The caller's array of `len` elements at `ptr`, to be filled. `len` is checked against
/// `FRAY_MAX_BATCH` and its size in bytes against `PTRDIFF_MAX` before the slice is made.
pub(crate) fn output_slice<'a, T>(ptr: *mut T, len: usize, what: &str) -> Outcome<&'a mut [T]> {
    if ptr.is_null() {
        return Err(null(what));
    }
    if len > FRAY_MAX_BATCH {
        return Err(Failure::new(
            FRAY_LIMIT,
            format!(
                "`{what}` has {len} elements, over the limit of {FRAY_MAX_BATCH} (FRAY_MAX_BATCH)"
            ),
        ));
    }
    let fits = matches!(len.checked_mul(std::mem::size_of::<T>()), Some(bytes) if bytes <= isize::MAX as usize);
    if !fits {
        return Err(Failure::new(
            FRAY_INVALID_ARGUMENT,
            format!(
                "`{what}` of {len} elements of {} bytes is larger than any buffer can be (PTRDIFF_MAX bytes)",
                std::mem::size_of::<T>()
            ),
        ));
    }
    // SAFETY: not NULL; `len * size_of::<T>()` is at most `isize::MAX` (checked above); the
    // caller promises `len` writable, aligned elements that nothing else touches during the
    // call. Elements are plain integers or `#[repr(C)]` structs of integers, so whatever they
    // held before is a valid value to overwrite.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}
