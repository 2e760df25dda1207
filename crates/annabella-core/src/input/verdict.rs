//! The verdict on an utterance: the recogniser has scored every phrase
//! of the moment ([`super::grammar::Phrases`]) against it; here the
//! meaning clearly ahead is taken, two moves too close to tell apart are
//! asked back, and talk and noise are refused.
//!
//! A phrase's score is the sum of its tokens' log-probabilities plus a
//! bonus per token (without it the shortest phrase wins: "Bauer Bella
//! acht Dame" over "Bauer Bella schlägt Cäsar acht Dame"); a meaning's
//! score is its best phrase's. The numbers are set by measurement on
//! the tuning part of the spoken corpus (BENCHMARKS.md, "Voice input").

use super::grammar::Phrases;

/// How the verdict is reached; [`Judging::default`] holds the measured
/// values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judging {
    /// Added per token to a phrase's log-likelihood.
    pub bonus: f32,
    /// The lead over the second meaning below which nothing is taken.
    pub lead: f32,
    /// The lead from which a move is sure enough to be played without
    /// a read-back under `listenconfirm auto`.
    pub sure: f32,
    /// The best phrase's mean log-probability per token below which the
    /// utterance is talk or noise.
    pub mean: f32,
    /// How far the best phrase may fall below what the recogniser hears
    /// unconstrained (per token) before it is talk. (Measured: with the
    /// mean per token at −5 this rejects nothing more; it stays for a
    /// model whose phrases fit better.)
    pub free: f32,
    /// Taken from a command's score: short command words fit sound that
    /// fits nothing well better than a move's longer phrase does, and a
    /// move is what is said most.
    pub command: f32,
}

impl Default for Judging {
    fn default() -> Judging {
        Judging {
            bonus: 5.0,
            lead: 3.0,
            sure: 8.0,
            mean: -5.0,
            free: 6.0,
            command: 6.0,
        }
    }
}

/// One phrase's score: the sum of log p of its tokens, and how many.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// Σ log p.
    pub logp: f32,
    /// The number of tokens.
    pub tokens: usize,
}

/// What the utterance was.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// A phrase clearly ahead of every other meaning: the phrase, its
    /// lead, and a confidence from 0.5 (just taken) to 1 (sure).
    Heard {
        /// The phrase's index.
        phrase: usize,
        /// Its lead over the best other meaning.
        lead: f32,
        /// 0.5 at the least lead taken, 1 from [`Judging::sure`].
        confidence: f32,
    },
    /// Two or three moves close together and clearly ahead of the rest:
    /// their best phrases, best first.
    Either(Vec<usize>),
    /// Nothing clearly ahead: talk, noise, or words that fit nothing.
    Nothing,
}

/// The verdict on `scores` (one per phrase; `None` when the scorer left
/// the phrase behind), with `free` giving for a phrase the score of what
/// its model heard unconstrained.
pub fn judge(
    phrases: &Phrases,
    scores: &[Option<Score>],
    free: &dyn Fn(usize) -> Option<Score>,
    j: &Judging,
) -> Verdict {
    // The best phrase of each meaning.
    let mut best: Vec<Option<(f32, usize)>> = vec![None; phrases.meanings.len()];
    for (i, (phrase, score)) in phrases.phrases.iter().zip(scores).enumerate() {
        let Some(s) = score else { continue };
        let handicap = match phrases.meanings.get(phrase.meaning) {
            Some(super::grammar::Said::Line(_)) => j.command,
            _ => 0.0,
        };
        let total = s.logp + j.bonus * s.tokens as f32 - handicap;
        if !total.is_finite() {
            continue;
        }
        let slot = &mut best[phrase.meaning];
        if slot.is_none_or(|(t, _)| total > t) {
            *slot = Some((total, i));
        }
    }
    let mut ranked: Vec<(f32, usize, usize)> = best
        .iter()
        .enumerate()
        .filter_map(|(m, b)| b.map(|(t, i)| (t, i, m)))
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    let Some(&(top, phrase, _)) = ranked.first() else {
        return Verdict::Nothing;
    };
    let Some(s) = scores[phrase] else {
        return Verdict::Nothing;
    };
    if !fits(s, free(phrase), j) {
        return Verdict::Nothing;
    }
    let second = ranked.get(1).map_or(f32::NEG_INFINITY, |r| r.0);
    let lead = top - second;
    if lead >= j.lead {
        let confidence = 0.5 + 0.5 * ((lead - j.lead) / (j.sure - j.lead).max(f32::EPSILON));
        return Verdict::Heard {
            phrase,
            lead,
            confidence: confidence.clamp(0.5, 1.0),
        };
    }
    // Close moves, together ahead of everything else, are asked back.
    let close: Vec<&(f32, usize, usize)> =
        ranked.iter().take_while(|r| top - r.0 < j.lead).collect();
    let after = ranked.get(close.len()).map_or(f32::NEG_INFINITY, |r| r.0);
    let all_moves = close.iter().all(|r| {
        matches!(
            phrases.meanings.get(r.2),
            Some(super::grammar::Said::Move(_))
        )
    });
    if (2..=3).contains(&close.len()) && all_moves && top - after >= j.lead {
        return Verdict::Either(close.iter().map(|r| r.1).collect());
    }
    Verdict::Nothing
}

/// Whether the best phrase fits the sound at all: its tokens are not
/// improbable on average, and it is not far below what the recogniser
/// hears without any phrase.
fn fits(best: Score, free: Option<Score>, j: &Judging) -> bool {
    let per = |s: Score| s.logp / s.tokens.max(1) as f32;
    if per(best) < j.mean {
        return false;
    }
    match free {
        Some(f) if f.tokens > 0 => per(f) - per(best) <= j.free,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::grammar::{Answers, Moment, Phrases, Said};
    use crate::rules::Game;
    use crate::settings::Lang;

    /// The measured judging without the command handicap, so that the
    /// tests read plainly.
    fn plain() -> Judging {
        Judging {
            command: 0.0,
            ..Judging::default()
        }
    }

    fn phrases() -> Phrases {
        Phrases::of(&Moment {
            game: Game::new(),
            answers: Answers::Nothing,
            lang: Lang::De,
            serial: 0,
        })
    }

    fn index(p: &Phrases, text: &str) -> usize {
        p.phrases
            .iter()
            .position(|x| x.text == text)
            .unwrap_or_else(|| panic!("{text:?} missing"))
    }

    #[test]
    fn a_command_must_lead_a_move_by_its_handicap() {
        let p = phrases();
        let s = scored(&p, &[(" Springer Felix drei", -3.0), (" Brett", -1.0)]);
        let heard = |j: &Judging| match judge(&p, &s, &|_| None, j) {
            Verdict::Heard { phrase, .. } => p.phrases[phrase].text.clone(),
            other => format!("{other:?}"),
        };
        assert_eq!(heard(&plain()), "Nothing");
        let handicap = Judging {
            command: 6.0,
            ..plain()
        };
        assert_eq!(heard(&handicap), " Springer Felix drei");
    }

    /// Every phrase far behind, except the ones given.
    fn scored(p: &Phrases, given: &[(&str, f32)]) -> Vec<Option<Score>> {
        let mut out = vec![
            Some(Score {
                logp: -60.0,
                tokens: 5
            });
            p.phrases.len()
        ];
        for (text, logp) in given {
            out[index(p, text)] = Some(Score {
                logp: *logp,
                tokens: 4,
            });
        }
        out
    }

    #[test]
    fn a_phrase_well_ahead_is_heard_with_its_lead() {
        let p = phrases();
        let s = scored(
            &p,
            &[
                (" Springer Felix drei", -3.0),
                (" Springer Hektor drei", -9.0),
            ],
        );
        let v = judge(&p, &s, &|_| None, &plain());
        let Verdict::Heard {
            phrase,
            lead,
            confidence,
        } = v
        else {
            panic!("{v:?}");
        };
        assert_eq!(p.phrases[phrase].text, " Springer Felix drei");
        assert!((lead - 6.0).abs() < 1e-4);
        assert!(confidence > 0.5 && confidence < 1.0);
    }

    #[test]
    fn two_spellings_of_one_move_do_not_compete() {
        let p = phrases();
        let s = scored(
            &p,
            &[(" Bauer Cäsar drei", -3.0), (" Bauer Zäsar drei", -3.1)],
        );
        assert!(matches!(
            judge(&p, &s, &|_| None, &plain()),
            Verdict::Heard { .. }
        ));
    }

    #[test]
    fn two_close_moves_are_asked_back_and_three_close_meanings_with_a_command_are_not() {
        let p = phrases();
        let s = scored(
            &p,
            &[
                (" Springer Felix drei", -3.0),
                (" Springer Hektor drei", -4.0),
            ],
        );
        let Verdict::Either(both) = judge(&p, &s, &|_| None, &plain()) else {
            panic!("not asked back");
        };
        let texts: Vec<&str> = both.iter().map(|&i| p.phrases[i].text.as_str()).collect();
        assert_eq!(texts, [" Springer Felix drei", " Springer Hektor drei"]);
        assert!(
            both.iter()
                .all(|&i| matches!(p.said(i), Some(Said::Move(_))))
        );
        let s = scored(&p, &[(" Springer Felix drei", -3.0), (" Brett", -4.0)]);
        assert_eq!(judge(&p, &s, &|_| None, &plain()), Verdict::Nothing);
    }

    #[test]
    fn talk_that_fits_no_phrase_is_nothing() {
        let p = phrases();
        // Ahead of the rest, but improbable token by token.
        let s = scored(&p, &[(" Springer Felix drei", -40.0)]);
        assert_eq!(judge(&p, &s, &|_| None, &plain()), Verdict::Nothing);
        // Ahead and probable enough, but far below what is heard freely
        // (with a free distance tighter than the measured one, which the
        // mean per token makes the stricter test).
        let s = scored(&p, &[(" Springer Felix drei", -18.0)]);
        let free = Score {
            logp: -1.0,
            tokens: 8,
        };
        let strict = Judging {
            free: 4.0,
            ..plain()
        };
        assert_eq!(judge(&p, &s, &|_| Some(free), &strict), Verdict::Nothing);
        assert!(matches!(
            judge(&p, &s, &|_| Some(free), &plain()),
            Verdict::Heard { .. }
        ));
        assert_eq!(judge(&p, &[], &|_| None, &plain()), Verdict::Nothing);
    }

    #[test]
    fn a_nan_or_missing_score_never_wins() {
        let p = phrases();
        let mut s = scored(&p, &[(" Springer Felix drei", -3.0)]);
        s[index(&p, " Springer Hektor drei")] = Some(Score {
            logp: f32::NAN,
            tokens: 4,
        });
        s[index(&p, " Bauer Eva vier")] = None;
        assert!(matches!(
            judge(&p, &s, &|_| None, &plain()),
            Verdict::Heard { .. }
        ));
    }
}
