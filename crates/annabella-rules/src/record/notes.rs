//! An analysis in the movetext, written as lichess exports an analysed
//! game: `13. Qxd5?? { [%eval -4.2] [%clk 0:04:10] } (13. Nxd5 Qxd5
//! 14. Be3) 13... Nxd5`.

use std::time::Duration;

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

use super::{clk, german_san};
use crate::Eval;

/// An evaluation as lichess writes it into `[%eval]`: pawns as the JVM
/// prints a `Float` (lila's `Info.pgnComment` writes `cp.pawns.toString`
/// with `pawns = cp / 100f`), which is the shortest decimal with at least
/// one digit after the point: `0.17`, `-0.3`, `1.0`, `0.0`; a mate as
/// `#3` (White mates) or `#-2` (Black mates).
pub(crate) fn eval_text(eval: Eval) -> String {
    match eval {
        Eval::Cp(cp) => {
            let sign = if cp < 0 { "-" } else { "" };
            let abs = cp.unsigned_abs();
            let (pawns, cents) = (abs / 100, abs % 100);
            if cents % 10 == 0 {
                format!("{sign}{pawns}.{}", cents / 10)
            } else {
                format!("{sign}{pawns}.{cents:02}")
            }
        }
        Eval::Mate(n) => format!("#{n}"),
    }
}

/// The one comment after a move, evaluation first and then the clock
/// (lila joins its two comments into one the same way); none when the
/// move has neither.
pub(super) fn comment(eval: Option<Eval>, left: Option<Duration>) -> Option<String> {
    let mut commands = Vec::with_capacity(2);
    if let Some(eval) = eval {
        commands.push(format!("[%eval {}]", eval_text(eval)));
    }
    if let Some(left) = left {
        commands.push(format!("[%clk {}]", clk(left)));
    }
    (!commands.is_empty()).then(|| format!("{{ {} }}", commands.join(" ")))
}

/// The better line as a variation's tokens, numbered on its own from
/// `before` (the position before the move it replaces): `(13. Nxd5`,
/// `Qxd5`, `14.`, `Be3)`. Cut at the first move that is not legal, since
/// a note may come from anywhere; no tokens when not even the first is.
pub(super) fn variation(before: &Chess, line: &[Move], german: bool) -> Vec<String> {
    let mut pos = before.clone();
    let mut tokens = Vec::with_capacity(line.len() * 3 / 2 + 1);
    for (i, &mv) in line.iter().enumerate() {
        if !pos.is_legal(mv) {
            break;
        }
        let number = pos.fullmoves().get();
        if pos.turn() == Color::White {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, mv).to_string();
        tokens.push(if german { german_san(&san) } else { san });
    }
    if let Some(first) = tokens.first_mut() {
        first.insert(0, '(');
    }
    if let Some(last) = tokens.last_mut() {
        last.push(')');
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::line as moves;

    #[test]
    fn pawns_as_lichess_writes_them() {
        let written: Vec<String> = [17, -30, 100, 0, 5, -1, -420, 1234, 250, -2000]
            .into_iter()
            .map(|cp| eval_text(Eval::Cp(cp)))
            .collect();
        assert_eq!(
            written,
            [
                "0.17", "-0.3", "1.0", "0.0", "0.05", "-0.01", "-4.2", "12.34", "2.5", "-20.0"
            ]
        );
        assert_eq!(eval_text(Eval::Cp(i32::MIN)), "-21474836.48");
    }

    #[test]
    fn mates_with_their_sign() {
        assert_eq!(eval_text(Eval::Mate(3)), "#3");
        assert_eq!(eval_text(Eval::Mate(-2)), "#-2");
        assert_eq!(eval_text(Eval::Mate(0)), "#0");
    }

    #[test]
    fn one_comment_for_eval_and_clock() {
        let five = Some(Duration::from_secs(300));
        assert_eq!(
            comment(Some(Eval::Cp(17)), five).as_deref(),
            Some("{ [%eval 0.17] [%clk 0:05:00] }")
        );
        assert_eq!(
            comment(Some(Eval::Mate(-3)), None).as_deref(),
            Some("{ [%eval #-3] }")
        );
        assert_eq!(comment(None, five).as_deref(), Some("{ [%clk 0:05:00] }"));
        assert_eq!(comment(None, None), None);
    }

    #[test]
    fn a_variation_numbers_itself_and_stops_where_it_is_illegal() {
        let start = Chess::default();
        let line = moves(&start, "e4 e5 Nf3");
        assert_eq!(
            variation(&start, &line, false),
            ["(1.", "e4", "e5", "2.", "Nf3)"]
        );
        let after_e4 = moves(&start, "e4");
        let mut pos = start.clone();
        pos.play_unchecked(after_e4[0]);
        let black = moves(&pos, "c5 Nf3 Nc6");
        assert_eq!(
            variation(&pos, &black, true),
            ["(1...", "c5", "2.", "Sf3", "Sc6)"]
        );
        // e4 again after e4 is not legal: the line is cut before it.
        let broken = [black[0], after_e4[0]];
        assert_eq!(variation(&pos, &broken, false), ["(1...", "c5)"]);
        assert!(variation(&pos, &after_e4, false).is_empty());
        assert!(variation(&pos, &[], false).is_empty());
    }
}
