//! Checks of files their owner may not read, also where the tests run as
//! root (CI does), who reads any file whatever its mode: there the check
//! runs with the file permissions of an ordinary user, so that it tests
//! the unreadable file instead of passing unchecked.

#![allow(dead_code)] // Only the store's tests of unreadable files use it.

use std::path::Path;

/// The user and group `nobody`.
#[cfg(target_os = "linux")]
const NOBODY: libc::uid_t = 65534;

/// Runs `check` with the file permissions of an ordinary user: as it is
/// when the tests do not run as root, and as root on a thread of its
/// own whose file accesses are checked as user and group `nobody`'s.
/// The files and the temporary directory `check` needs must be made
/// inside it, so that they belong to whoever checks them. A panic in
/// `check` fails the caller with its message.
pub fn as_ordinary_user(check: impl FnOnce() + Send) {
    // SAFETY: geteuid has no preconditions and cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        check();
        return;
    }
    std::thread::scope(|scope| {
        let thread = scope.spawn(|| {
            drop_root_file_access();
            check();
        });
        if let Err(panic) = thread.join() {
            std::panic::resume_unwind(panic);
        }
    });
}

/// Makes this thread's file accesses those of `nobody`. The kernel keeps
/// the filesystem ids per thread (glibc's setfsuid is the bare system
/// call, not one sent to every thread as setuid is), and leaving id 0
/// drops the capabilities that override file modes; the other threads,
/// and the tests on them, stay root. Nothing restores them: the thread
/// ends with its check.
#[cfg(target_os = "linux")]
fn drop_root_file_access() {
    // SAFETY: both only change the calling thread's filesystem ids.
    unsafe {
        libc::setfsgid(NOBODY);
        libc::setfsuid(NOBODY);
    }
    // setfsuid answers the id before the call whether or not it changed
    // it; an id the kernel refuses (-1) reads the one now in force.
    // SAFETY: as above; -1 changes nothing.
    let now = unsafe { libc::setfsuid(libc::uid_t::MAX) };
    assert_eq!(
        libc::uid_t::try_from(now).ok(),
        Some(NOBODY),
        "the tests run as root without the capability to change user \
         (CAP_SETUID), so an unreadable file cannot be checked: run them \
         as an ordinary user"
    );
}

/// Outside Linux no single thread can give up root's access.
#[cfg(not(target_os = "linux"))]
fn drop_root_file_access() {
    panic!(
        "the tests run as root, who reads any file, and only on Linux can \
         one of their threads give that up: run them as an ordinary user"
    );
}

/// Fails unless `path` cannot be read: a check of an unreadable file
/// must not pass where the file can be read anyway (as root, or with a
/// capability to read any file).
pub fn assert_unreadable(path: &Path) {
    assert!(
        std::fs::read(path).is_err(),
        "{} was read although its mode forbids it: the tests run with the \
         right to read any file, so an unreadable file cannot be checked",
        path.display()
    );
}
