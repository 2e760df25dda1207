//! Links PocketSphinx (Debian's libpocketsphinx3 and libsphinxbase3) when
//! the `voice` feature is on; its flags come from pkg-config.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_VOICE").is_none() {
        return;
    }
    let library = match pkg_config::Config::new().probe("pocketsphinx") {
        Ok(library) => library,
        // Without the library the build stops here with what to install,
        // rather than with a linker error far away.
        Err(e) => panic!(
            "annabella's `voice` feature needs PocketSphinx: install libpocketsphinx-dev \
             (scripts/setup does), or build with --no-default-features. pkg-config said: {e}"
        ),
    };
    // The one thing the library's calls do not reach: the decoder's
    // cepstral mean (src/io/voice/cmn.c says why).
    println!("cargo:rerun-if-changed=src/io/voice/cmn.c");
    cc::Build::new()
        .file("src/io/voice/cmn.c")
        .includes(&library.include_paths)
        .warnings(true)
        .compile("annabella_cmn");
}
