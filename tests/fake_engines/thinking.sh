#!/bin/sh
# A fake UCI engine that says what it thinks of the start position at
# once, then thinks on until it is told to stop, and plays e2e4.
on_go() { echo "info depth 1 seldepth 2 score cp 15 nodes 20 pv e2e4 e7e5"; }
on_stop() { echo "bestmove e2e4"; }
. "$(dirname "$0")/common.sh"
