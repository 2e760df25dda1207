//! Names the build for `annabella --version`: the package's version and,
//! for a build from a git checkout of this repository, its commit
//! (`0.1.0 (git 5fe60d8a1c)`). A build from a tarball, a copy or crates.io
//! is the version alone.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs git in `dir`; its output when it succeeds.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    println!("cargo:rerun-if-changed=build.rs");
    // Only this repository's own git: a copy of the sources inside some
    // other repository is not a build from git.
    let ours = git(&dir, &["rev-parse", "--show-toplevel"])
        .and_then(|top| Path::new(&top).canonicalize().ok())
        .is_some_and(|top| dir.canonicalize().is_ok_and(|d| d == top));
    let commit = ours
        .then(|| git(&dir, &["rev-parse", "--short=10", "HEAD"]))
        .flatten();
    let named = match &commit {
        Some(commit) => format!("{version} (git {commit})"),
        None => version,
    };
    println!("cargo:rustc-env=ANNABELLA_VERSION={named}");
    // The man page's date: the day CHANGELOG.md gives this version
    // (`## [0.1.0] - 2026-11-29`), so that a rebuild makes the same page.
    println!("cargo:rerun-if-changed=CHANGELOG.md");
    let changelog = std::fs::read_to_string(dir.join("CHANGELOG.md")).unwrap_or_default();
    let heading = format!(
        "## [{}] - ",
        std::env::var("CARGO_PKG_VERSION").unwrap_or_default()
    );
    let released = changelog
        .lines()
        .find_map(|line| line.strip_prefix(&heading))
        .unwrap_or("")
        .trim();
    println!("cargo:rustc-env=ANNABELLA_RELEASED={released}");
    if ours {
        // Built again when HEAD moves: a commit, a checkout, a reset.
        if let Some(git_dir) = git(&dir, &["rev-parse", "--absolute-git-dir"]) {
            let git_dir = PathBuf::from(git_dir);
            println!("cargo:rerun-if-changed={}", git_dir.join("HEAD").display());
            if let Some(head) = git(&dir, &["symbolic-ref", "-q", "HEAD"]) {
                let branch = git_dir.join(head);
                if branch.exists() {
                    println!("cargo:rerun-if-changed={}", branch.display());
                }
            }
            let packed = git_dir.join("packed-refs");
            if packed.exists() {
                println!("cargo:rerun-if-changed={}", packed.display());
            }
        }
    }
}
