//! The scores of candle's trie walk against CTranslate2's, recorded in
//! `tests/data/voice/whisper-scores.json` (see `tests/data/README.md`).

use std::path::PathBuf;

use super::{Model, Trie};

/// The folder holding `tiny.en/` and `base/`, from the environment.
pub fn models() -> PathBuf {
    let dir = std::env::var_os("ANNABELLA_WHISPER_MODELS")
        .expect("ANNABELLA_WHISPER_MODELS names the folder of tiny.en/ and base/");
    PathBuf::from(dir)
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
#[ignore = "needs the Whisper models: ANNABELLA_WHISPER_MODELS"]
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
