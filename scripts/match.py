#!/usr/bin/env python3
"""A match between two UCI engines, for scripts/strength.

Game pairs: each opening below is played twice, once with each engine as
White, so that neither side profits from a lucky opening. Prints one line
per game and, last, the score of engine A with the Elo difference it
implies and its 95 % interval. Needs python-chess (`pip install chess`).

    scripts/match.py --a "./target/release/annabella uci" --a-opt Level=10 \
        --b /usr/games/stockfish --b-opt UCI_LimitStrength=true \
        --b-opt UCI_Elo=2000 --games 100 --movetime 0.2 --pgn out.pgn
"""

import argparse
import math
import shlex
import sys

import chess
import chess.engine
import chess.pgn

# Four plies each, from common and roughly level openings; the engines play
# on from there, so that the pairs of a match are not all the same game.
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6",  # open game
    "e2e4 c7c5 g1f3 d7d6",  # Sicilian
    "d2d4 d7d5 c2c4 e7e6",  # Queen's Gambit Declined
    "d2d4 g8f6 c2c4 g7g6",  # King's Indian setup
    "e2e4 e7e6 d2d4 d7d5",  # French
    "c2c4 e7e5 b1c3 g8f6",  # English
    "e2e4 c7c6 d2d4 d7d5",  # Caro-Kann
    "g1f3 d7d5 g2g3 g8f6",  # King's Indian Attack / Réti
]


def options(pairs):
    """NAME=VALUE strings as a dict of UCI options."""
    chosen = {}
    for pair in pairs or []:
        name, _, value = pair.partition("=")
        chosen[name] = value
    return chosen


def start(command, opts):
    engine = chess.engine.SimpleEngine.popen_uci(shlex.split(command))
    if opts:
        engine.configure(opts)
    return engine


def play_one(white, black, opening, limit, max_plies):
    """Plays one game from the opening; returns the game and why it ended."""
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    engines = {chess.WHITE: white, chess.BLACK: black}
    reason = "max plies"
    while len(board.move_stack) < max_plies:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            reason = outcome.termination.name.lower()
            break
        try:
            answer = engines[board.turn].play(board, limit)
        except chess.engine.EngineError as error:
            reason = f"engine error: {error}"
            result = "0-1" if board.turn == chess.WHITE else "1-0"
            return board, result, reason
        if answer.move is None or answer.move not in board.legal_moves:
            reason = "illegal move"
            result = "0-1" if board.turn == chess.WHITE else "1-0"
            return board, result, reason
        board.push(answer.move)
    outcome = board.outcome(claim_draw=True)
    result = outcome.result() if outcome is not None else "1/2-1/2"
    return board, result, reason


def elo_of(score):
    """The Elo difference a score (0 to 1, exclusive) implies."""
    return -400 * math.log10(1 / score - 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", required=True, help="command of engine A")
    parser.add_argument("--a-opt", action="append", help="UCI option NAME=VALUE")
    parser.add_argument("--a-name")
    parser.add_argument("--b", required=True, help="command of engine B")
    parser.add_argument("--b-opt", action="append", help="UCI option NAME=VALUE")
    parser.add_argument("--b-name")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--movetime", type=float, default=0.1, help="seconds a move")
    parser.add_argument("--nodes", type=int, help="nodes a move (instead of time)")
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--pgn", default="match.pgn")
    args = parser.parse_args()

    name_a = args.a_name or args.a
    name_b = args.b_name or args.b
    limit = (
        chess.engine.Limit(nodes=args.nodes)
        if args.nodes
        else chess.engine.Limit(time=args.movetime)
    )
    a = start(args.a, options(args.a_opt))
    b = start(args.b, options(args.b_opt))
    wins = draws = losses = 0
    try:
        with open(args.pgn, "w", encoding="utf-8") as pgn:
            for number in range(args.games):
                opening = OPENINGS[(number // 2) % len(OPENINGS)]
                a_white = number % 2 == 0
                white, black = (a, b) if a_white else (b, a)
                board, result, reason = play_one(
                    white, black, opening, limit, args.max_plies
                )
                game = chess.pgn.Game.from_board(board)
                game.headers["Event"] = "annabella strength match"
                game.headers["Round"] = str(number + 1)
                game.headers["White"] = name_a if a_white else name_b
                game.headers["Black"] = name_b if a_white else name_a
                game.headers["Result"] = result
                game.headers["Termination"] = reason
                print(game, file=pgn, end="\n\n")
                pgn.flush()
                if result == "1/2-1/2":
                    draws += 1
                elif (result == "1-0") == a_white:
                    wins += 1
                else:
                    losses += 1
                print(
                    f"game {number + 1}: {game.headers['White']} - "
                    f"{game.headers['Black']} {result} ({reason}, "
                    f"{len(board.move_stack)} plies)",
                    flush=True,
                )
    finally:
        a.quit()
        b.quit()
    played = wins + draws + losses
    score = (wins + draws / 2) / played if played else 0.5
    if 0 < score < 1:
        # The interval from the spread of the games' points.
        points = [1] * wins + [0.5] * draws + [0] * losses
        spread = math.sqrt(sum((p - score) ** 2 for p in points) / played)
        margin = 1.96 * spread / math.sqrt(played)
        low = elo_of(max(score - margin, 1e-6))
        high = elo_of(min(score + margin, 1 - 1e-6))
        elo = f"Elo {elo_of(score):+.0f} [{low:+.0f}, {high:+.0f}]"
    else:
        elo = "Elo beyond measure (every game won or lost)"
    print(
        f"\n{name_a} vs {name_b}: +{wins} ={draws} -{losses}  "
        f"score {score * 100:.1f}%  {elo}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
