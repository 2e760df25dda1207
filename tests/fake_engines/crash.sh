#!/bin/sh
# A fake UCI engine that dies when asked for a move.
on_go() { exit 3; }
. "$(dirname "$0")/common.sh"
