//! A microphone made of a file: an ALSA configuration whose default PCM
//! captures from a raw file, so that the real capture path (cpal, ALSA,
//! the conversion and the detector) is tested on a machine without a
//! sound card.
//!
//! Found by hand with `arecord` (alsa-utils 1.2): the `null` slave under
//! the `file` plugin does not pace, so a capture delivers the file as
//! fast as it is read (three seconds are recorded in a few
//! milliseconds); past the file's end it gives silence, not an error,
//! for as long as one reads; a missing `infile` fails at opening. The
//! `plug` on top converts to whatever format, rate and channel count the
//! client asks for. The plugin insists on an output `file` too, where it
//! writes what was captured; it goes into the temporary home rather than
//! `/dev/null` (which a sandbox may replace by a file one cannot write,
//! and a failed write is an error of the stream). A capture that stops
//! when its reader stops keeps that file to about what was read.

use std::fmt::Write as _;
use std::path::Path;

/// A temporary home whose `.asoundrc` makes the default PCM capture
/// `raw` (16 kHz mono signed 16-bit little-endian, no header): a process
/// run with `HOME` set to it hears the file. Removed when dropped.
pub fn capture_home(raw: &Path) -> tempfile::TempDir {
    let home = tempfile::tempdir().expect("a temporary directory");
    let raw = raw.canonicalize().expect("the raw file exists");
    let mut rc = String::new();
    // `plug` takes any request; its slave is the file's own format, so
    // the samples reach the client through ALSA's converters only
    // when the client asks for something else.
    writeln!(
        rc,
        r#"pcm.!default {{
    type plug
    slave {{
        pcm "annabella_mic_file"
        format S16_LE
        rate 16000
        channels 1
    }}
}}
pcm.annabella_mic_file {{
    type file
    slave.pcm "null"
    file "{}"
    infile "{}"
    format "raw"
}}"#,
        home.path().join("captured.raw").display(),
        raw.display()
    )
    .expect("formatted");
    std::fs::write(home.path().join(".asoundrc"), rc).expect("written .asoundrc");
    home
}
