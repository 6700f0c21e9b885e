//! The boundary itself: result codes, the last-error message, the panic guard and the
//! helpers that turn C pointers into Rust values. Every `unsafe` block of the crate that
//! reads caller memory goes through the few functions here.

use std::any::Any;
use std::cell::RefCell;
use std::ffi::{c_char, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::NonNull;

use fray_dice::{EncounterError, Error, ErrorKind, ReplayError, RuleError};

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
    /// The ruleset refused the setup, the command or a typed check's spec; the message starts
    /// with the rule id. Nothing changed.
    FRAY_RULE = 8,
    /// A replay file is malformed, or made by another format or ruleset version.
    FRAY_REPLAY_INVALID = 9,
    /// A replay played out differently; the message names the first differing command.
    FRAY_REPLAY_MISMATCH = 10,
    /// The library panicked (a bug in Fray). The panic was caught at the boundary; the
    /// message carries the panic text and the process may go on.
    FRAY_PANIC = 11,
}

pub use fray_result::*;

/// Every code, for tests and for `fray_error_message`.
pub(crate) const ALL_RESULTS: [fray_result; 12] = [
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
        }
    }
}

/// A failed call: its code and the detail stored as the thread's last error.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) code: fray_result,
    pub(crate) message: String,
}

impl Failure {
    pub(crate) fn new(code: fray_result, message: impl Into<String>) -> Self {
        Failure {
            code,
            message: message.into(),
        }
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
        Failure::new(FRAY_RULE, e.to_string())
    }
}

impl From<EncounterError> for Failure {
    fn from(e: EncounterError) -> Self {
        let code = match &e {
            EncounterError::InvalidInput(inner) => code_of(inner.kind()),
            EncounterError::Rule(_) => FRAY_RULE,
        };
        Failure::new(code, e.to_string())
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
            ReplayError::Setup(_) => FRAY_RULE,
            ReplayError::Mismatch(_) => FRAY_REPLAY_MISMATCH,
        };
        Failure::new(code, e.to_string())
    }
}

/// Result of a call body.
pub(crate) type Outcome<T = ()> = Result<T, Failure>;

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

fn set_last_error(message: String) {
    LAST_ERROR.with(|last| *last.borrow_mut() = message);
}

/// The detail of the last failure on this thread (empty before any failure).
pub(crate) fn last_error() -> String {
    LAST_ERROR.with(|last| last.borrow().clone())
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

/// Runs a call body inside the panic boundary: `Ok` → `FRAY_OK`; a failure or a panic →
/// its code, with the detail stored as the thread's last error. Nothing unwinds into C.
pub(crate) fn guard(body: impl FnOnce() -> Outcome) -> fray_result {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => FRAY_OK,
        Ok(Err(failure)) => {
            set_last_error(failure.message);
            failure.code
        }
        Err(payload) => {
            set_last_error(format!(
                "internal error: the library panicked: {}",
                panic_text(payload.as_ref())
            ));
            FRAY_PANIC
        }
    }
}

/// Runs a body that cannot report failure (a `_free`), swallowing any panic.
pub(crate) fn guard_void(body: impl FnOnce()) {
    if let Err(payload) = catch_unwind(AssertUnwindSafe(body)) {
        set_last_error(format!(
            "internal error: the library panicked: {}",
            panic_text(payload.as_ref())
        ));
    }
}

#[cold]
#[inline(never)]
fn null(what: &str) -> Failure {
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

/// Largest length accepted for a caller's buffer, so slices stay within `isize::MAX` bytes.
const MAX_LEN: usize = isize::MAX as usize / 8;

fn check_len(len: usize, what: &str) -> Outcome {
    if len > MAX_LEN {
        return Err(Failure::new(
            FRAY_INVALID_ARGUMENT,
            format!("the length of `{what}` ({len}) is larger than any buffer can be"),
        ));
    }
    Ok(())
}

/// Reads the UTF-8 string of `len` bytes at `ptr` (no NUL terminator needed).
pub(crate) fn input_str<'a>(ptr: *const c_char, len: usize, what: &str) -> Outcome<&'a str> {
    if ptr.is_null() {
        return Err(null(what));
    }
    check_len(len, what)?;
    // SAFETY: `ptr` is not NULL and the caller promises `len` readable bytes at it that stay
    // unchanged for the call (the header says so for every string argument).
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

/// The caller's `T` at `ptr` (a `#[repr(C)]` spec), read by value.
pub(crate) fn input_value<T: Copy>(ptr: *const T, what: &str) -> Outcome<T> {
    if ptr.is_null() {
        return Err(null(what));
    }
    // SAFETY: not NULL; the caller promises a readable, aligned, initialised `T`. Every such
    // `T` is plain integers, so any bit pattern is a valid value.
    Ok(unsafe { ptr.read() })
}

/// The caller's array of `len` elements at `ptr`, to be filled.
pub(crate) fn output_slice<'a, T>(ptr: *mut T, len: usize, what: &str) -> Outcome<&'a mut [T]> {
    if ptr.is_null() {
        return Err(null(what));
    }
    check_len(len, what)?;
    // SAFETY: not NULL; the caller promises `len` writable, aligned elements that nothing
    // else touches during the call. Elements are plain integers or `#[repr(C)]` structs of
    // integers, so whatever they held before is a valid value to overwrite.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}

/// The object behind a handle made by this library.
pub(crate) fn handle<'a, T>(ptr: *mut T, what: &str) -> Outcome<&'a mut T> {
    // SAFETY: a non-NULL handle was made by `Box::into_raw` in this library and not freed
    // (the caller's promise); the header says a handle must not be used from two threads at
    // once, so this is the only reference during the call.
    unsafe { ptr.as_mut() }.ok_or_else(|| null(what))
}

/// Moves a Rust value to the heap and hands C the pointer.
pub(crate) fn into_handle<T>(value: T) -> *mut T {
    Box::into_raw(Box::new(value))
}

/// Frees a handle made by `into_handle`; NULL is a no-op.
pub(crate) fn free_handle<T>(ptr: *mut T) {
    if !ptr.is_null() {
        // SAFETY: the caller promises `ptr` came from `into_handle` and is freed only once.
        drop(unsafe { Box::from_raw(ptr) });
    }
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
    c.into_raw()
}

/// Frees a string made by `output_string`; NULL is a no-op.
pub(crate) fn free_string(ptr: *mut c_char) {
    if !ptr.is_null() {
        // SAFETY: the caller promises `ptr` came from `output_string` (every string this
        // library returns) and is freed only once.
        drop(unsafe { CString::from_raw(ptr) });
    }
}
