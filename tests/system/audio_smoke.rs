//! Smoke test of the audio output: every cue is played through a real
//! `cpal` stream into the ALSA `null` device, which exists on every Linux
//! machine with ALSA, sound card or not.

use std::thread;
use std::time::{Duration, Instant};

use annabella::earcons::Cue;
use annabella::io::audio::Audio;

#[test]
fn every_cue_plays_into_the_alsa_null_device() {
    let audio = match Audio::open(Some("alsa:null")) {
        Ok(audio) => audio,
        Err(e) => panic!("the ALSA null device must open (is libasound2 installed?): {e:?}"),
    };
    for cue in Cue::ALL {
        audio.play(cue, 80);
    }
    // A generous bound on a hang; the cues last a quarter second each
    // at most and are mixed, not queued.
    let start = Instant::now();
    while !audio.is_idle() && start.elapsed() < Duration::from_secs(30) {
        thread::sleep(Duration::from_millis(10));
    }
    assert!(audio.is_idle(), "the stream did not take the cues");
    assert!(audio.frames_played() > 0);
}
