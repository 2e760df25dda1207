#!/bin/sh
# A fake UCI engine that never answers `go`.
on_go() { :; }
. "$(dirname "$0")/common.sh"
