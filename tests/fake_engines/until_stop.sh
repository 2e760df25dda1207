#!/bin/sh
# A fake UCI engine that thinks until it is told to stop, then plays e2e4
# (legal from the start position only).
on_go() { :; }
on_stop() { echo "bestmove e2e4"; }
. "$(dirname "$0")/common.sh"
