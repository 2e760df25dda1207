//! Voice input without a usable model, through the binary: no model
//! installed, a `voicemodel` folder with none in it, and a damaged one
//! are each one sentence in the interface language, and play goes on by
//! keyboard.

use std::io::Write;
use std::process::Stdio;

use crate::common::Home;

/// The lines the binary prints for `script`, with the Whisper models
/// looked for in `models` (a folder of `tiny.en/` and `base/`).
fn run(models: &std::path::Path, args: &[&str], script: &str) -> Vec<String> {
    let home = Home::new();
    let mut command = home.command(args);
    command
        .env("ANNABELLA_VOICE_MODELS", models)
        .stdout(Stdio::piped());
    let mut child = command.spawn().expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(script.as_bytes()).expect("script written");
    drop(stdin);
    let out = child.wait_with_output().expect("the binary ends");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn no_model_installed_is_one_sentence_and_the_keyboard_goes_on() {
    let empty = tempfile::tempdir().expect("temp dir");
    let lines = run(empty.path(), &["--lang", "de"], "zuhören\ne4\nende\n");
    let said: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("Sprachmodell"))
        .collect();
    assert_eq!(said.len(), 1, "{lines:?}");
    assert!(said[0].contains("voice-models"), "{lines:?}");
    assert!(said[0].contains("Tastatur"), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("Bauer Eva vier")),
        "{lines:?}"
    );
}

#[test]
fn a_voicemodel_folder_without_a_model_or_with_a_damaged_one_is_named() {
    let empty = tempfile::tempdir().expect("temp dir");
    let missing = empty.path().join("nothing-here");
    let script = format!("set voicemodel {}\nlisten\nquit\n", missing.display());
    let lines = run(empty.path(), &["--lang", "en"], &script);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("There is no voice model in") && l.contains("nothing-here")),
        "{lines:?}"
    );
    // A model.bin cut short: named as damaged once it is loaded.
    let broken = empty.path().join("broken");
    std::fs::create_dir(&broken).expect("folder");
    std::fs::write(broken.join("model.bin"), b"\x06\x00\x00\x00garbage").expect("model.bin");
    let wav = empty.path().join("quiet.wav");
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: 16_000,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut writer = hound::WavWriter::create(&wav, spec).expect("wav");
    for _ in 0..32_000 {
        writer.write_sample(0i16).expect("sample");
    }
    writer.finalize().expect("wav written");
    let script = format!("set voicemodel {}\nlisten\n", broken.display());
    let lines = run(
        empty.path(),
        &[
            "--lang",
            "en",
            "--listen-from",
            wav.to_str().expect("utf-8"),
        ],
        &script,
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("The voice model in") && l.contains("cannot be read")),
        "{lines:?}"
    );
}
