#!/bin/sh
# A fake UCI engine that offers one option, Hash, and dies of a value
# that is no number, as Stockfish does (`std::invalid_argument`).
while IFS= read -r line; do
    case "$line" in
        uci)
            echo "id name picky"
            echo "option name Hash type spin default 16 min 1 max 64"
            echo "uciok"
            ;;
        "setoption name Hash value "*)
            case "${line#setoption name Hash value }" in
                ''|*[!0-9]*) exit 134 ;;
            esac
            ;;
        isready) echo "readyok" ;;
        quit) exit 0 ;;
    esac
done
