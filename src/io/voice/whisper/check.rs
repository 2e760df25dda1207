//! The scores of candle's trie walk against CTranslate2's, recorded in
//! `tests/data/voice/whisper-scores.json` (see `tests/data/README.md`).

use std::path::PathBuf;

use super::{Model, Trie};

/// The folder holding the installed `tiny.en/` and `base/`
/// (`scripts/setup` puts them there), where the client looks for them.
pub fn models() -> PathBuf {
    crate::io::voice::recognise::installed()
        .into_iter()
        .find(|d| d.join("tiny.en/model.bin").exists() && d.join("base/model.bin").exists())
        .expect("the Whisper models: scripts/setup installs them (scripts/voice-models)")
}

fn mel(hex: &str) -> Vec<f32> {
    hex.as_bytes()
        .chunks(4)
        .map(|c| {
            let byte = |i: usize| {
                u8::from_str_radix(std::str::from_utf8(&c[i..i + 2]).unwrap(), 16).unwrap()
            };
            half::f16::from_le_bytes([byte(0), byte(2)]).to_f32()
        })
        .collect()
}

#[test]
fn trie_scores_equal_ctranslate2s_within_0_05() {
    let data: serde_json::Value = serde_json::from_str(include_str!(
        "../../../../tests/data/voice/whisper-scores.json"
    ))
    .unwrap();
    let utterances = data["utterances"].as_array().unwrap();
    for name in ["tiny.en", "base"] {
        let model = Model::load(&models().join(name)).unwrap();
        let mut worst: f32 = 0.0;
        let mut count = 0;
        for u in utterances {
            let frames = u["frames"].as_u64().unwrap() as usize;
            let audio = model
                .encode_mel(&mel(u["mel_f16_hex"].as_str().unwrap()), frames)
                .unwrap();
            let recorded = &u["scores"][name];
            let prefix: Vec<u32> = serde_json::from_value(recorded["prefix"].clone()).unwrap();
            let lang = u["name"].as_str().unwrap().get(..2);
            assert_eq!(model.prefix(lang), prefix, "{name} prefix");
            let phrases = recorded["phrases"].as_array().unwrap();
            let sequences: Vec<Vec<u32>> = phrases
                .iter()
                .map(|p| {
                    let tokens: Vec<u32> = serde_json::from_value(p["tokens"].clone()).unwrap();
                    [prefix.clone(), tokens].concat()
                })
                .collect();
            let trie = Trie::new(&sequences);
            let scores = model.score(&audio, &trie, f32::INFINITY, 0.0).unwrap();
            for (p, s) in phrases.iter().zip(scores) {
                let s = s.expect("nothing is pruned at an infinite margin");
                let want = p["logp"].as_f64().unwrap() as f32;
                let diff = (s.logp - want).abs();
                assert!(diff <= 0.05, "{name} {}: {} vs {want}", p["phrase"], s.logp);
                assert_eq!(s.tokens, p["tokens"].as_array().unwrap().len());
                worst = worst.max(diff);
                count += 1;
            }
        }
        println!("{name}: {count} phrase scores, max |candle − CTranslate2| = {worst:.4}");
    }
}

#[test]
fn a_missing_folder_is_not_found_and_a_cut_model_is_broken() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(
        Model::load(&dir.path().join("nothing")).err(),
        Some(super::LoadError::NotFound)
    );
    // A model.bin that stops inside its first variable.
    let mut bytes = 6u32.to_le_bytes().to_vec();
    bytes.extend(12u16.to_le_bytes());
    bytes.extend(b"WhisperSpec\0");
    bytes.extend(3u32.to_le_bytes());
    bytes.extend(400u32.to_le_bytes());
    bytes.extend(b"\x09\x00encoder");
    std::fs::write(dir.path().join("model.bin"), &bytes).unwrap();
    assert_eq!(
        Model::load(dir.path()).err(),
        Some(super::LoadError::Broken)
    );
    std::fs::write(dir.path().join("model.bin"), b"garbage, not a model").unwrap();
    assert_eq!(
        Model::load(dir.path()).err(),
        Some(super::LoadError::Broken)
    );
}

#[test]
fn no_samples_are_refused_and_long_ones_are_cut_to_the_window() {
    let model = Model::load(&models().join("tiny.en")).unwrap();
    let prefix = model.prefix(None);
    let trie = Trie::new(&[[prefix.clone(), vec![6700, 376, 18]].concat()]);
    let nan = vec![f32::NAN; 8000];
    let long = vec![0.01f32; 16000 * 40];
    for samples in [&[][..], &[0.0; 1600][..], &nan[..], &long[..]] {
        let audio = model.encode(samples).unwrap();
        assert!(audio.frames <= 1500, "{} frames", audio.frames);
        let score = model.score(&audio, &trie, 15.0, 0.0).unwrap()[0].unwrap();
        assert!(score.logp.is_finite() && score.logp < 0.0);
        let (_, logp) = model.transcribe(&audio, &prefix, 8).unwrap();
        assert!(logp.is_finite());
    }
}
