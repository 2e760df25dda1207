#!/bin/sh
# A fake UCI engine whose move is well formed but illegal.
on_go() { echo "info depth 1 score cp 0"; echo "bestmove a1a8"; }
. "$(dirname "$0")/common.sh"
