//! Links PocketSphinx (Debian's libpocketsphinx3 and libsphinxbase3) when
//! the `voice` feature is on; its flags come from pkg-config.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_VOICE").is_none() {
        return;
    }
    if let Err(e) = pkg_config::Config::new().probe("pocketsphinx") {
        // Without the library the build stops here with what to install,
        // rather than with a linker error far away.
        panic!(
            "annabella's `voice` feature needs PocketSphinx: install libpocketsphinx-dev \
             (scripts/setup does), or build with --no-default-features. pkg-config said: {e}"
        );
    }
}
