//! Errors, strings and the version: the calls every other call leans on.

use std::ffi::c_char;

use crate::boundary::{
    guard, last_error, last_error_rule, out_param, set_panic_output, write, ALL_RESULTS,
};
use crate::fray_result;
use crate::handles::{free_string, output_string};

/// The library's version, "MAJOR.MINOR.PATCH": a static NUL-terminated string that must not
/// be freed. Compare it with the header's `FRAY_VERSION` to catch a header used with another
/// build of the library.
#[no_mangle]
pub extern "C" fn fray_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The fixed English text of a `fray_result` code (for example "unknown ruleset"): a static
/// NUL-terminated string that must not be freed. A number that is no code gives
/// "unknown fray_result code". For the detail of the last failure use `fray_last_error`.
#[no_mangle]
pub extern "C" fn fray_error_message(code: i32) -> *const c_char {
    ALL_RESULTS
        .iter()
        .find(|r| **r as i32 == code)
        .map_or(c"unknown fray_result code", |r| r.text())
        .as_ptr()
}

/// Writes to `*out` a copy of the detail message of the last failed call on this thread
/// ("unknown ruleset 'chess'; this build has: andromeda, …"), or an empty string if no call
/// has failed on it. Successful calls leave the message alone. Free the copy with
/// `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_last_error(out: *mut *mut c_char) -> fray_result {
    guard(|| {
        let out = out_param(out, "out")?;
        write(out, output_string(last_error()));
        Ok(())
    })
}

/// Writes to `*out` a copy of the rule id of the last failed call on this thread when it
/// was `FRAY_RULE` ("HUNT-06", "AND-17": always an id of the rule books), else an empty
/// string (the last failure was no rule refusal, or no call has failed). Free the copy with
/// `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_last_error_rule(out: *mut *mut c_char) -> fray_result {
    guard(|| {
        let out = out_param(out, "out")?;
        write(out, output_string(last_error_rule()));
        Ok(())
    })
}

/// Frees a string returned by this library. NULL is a no-op (`FRAY_OK`). A string freed
/// already, or a pointer the library did not return (the static strings of `fray_version`
/// and `fray_error_message` included), is `FRAY_INVALID_HANDLE` and frees nothing.
#[no_mangle]
pub extern "C" fn fray_string_free(string: *mut c_char) -> fray_result {
    guard(|| free_string(string))
}

/// Whether a panic caught at the boundary is also reported on the process's stderr (with
/// Rust's usual text and, if `RUST_BACKTRACE` asks, a backtrace). Off by default: a caught
/// panic prints nothing, and its message is in `fray_last_error` either way. Non-zero turns
/// the report on, 0 off; returns the previous setting (1 or 0). Applies to every thread.
/// The library reports through a panic hook it chains in front of the one already installed
/// at its first call; panics outside its calls reach that hook unchanged.
#[no_mangle]
pub extern "C" fn fray_set_panic_output(enabled: u32) -> u32 {
    u32::from(set_panic_output(enabled != 0))
}

/// Panics inside the library on purpose, so a test can check that the panic comes back as
/// `FRAY_PANIC` with a message and that the process goes on. Only in builds with the cargo
/// feature `test-hooks`; never in a release.
#[cfg(feature = "test-hooks")]
#[no_mangle]
pub extern "C" fn fray_test_panic() -> fray_result {
    guard(|| panic!("fray_test_panic was called: this panic is on purpose"))
}
