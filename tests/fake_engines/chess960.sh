#!/bin/sh
# A fake UCI engine that offers UCI_Chess960 and tells in its score
# whether it is on: 960 centipawns when it is, none when not.
chess960=false
while IFS= read -r line; do
    case "$line" in
        uci)
            echo "id name chess960"
            echo "option name UCI_Chess960 type check default false"
            echo "uciok"
            ;;
        "setoption name UCI_Chess960 value "*) chess960="${line#setoption name UCI_Chess960 value }" ;;
        isready) echo "readyok" ;;
        go*)
            if [ "$chess960" = true ]; then cp=960; else cp=0; fi
            echo "info depth 1 score cp $cp pv e2e4"
            echo "bestmove e2e4"
            ;;
        quit) exit 0 ;;
    esac
done
