#!/bin/sh
# A fake UCI engine that answers `go` with noise and a move that is no move.
on_go() { echo "hello there"; printf '\377\376 \n'; echo "bestmove banana"; }
. "$(dirname "$0")/common.sh"
