#!/bin/sh
# A fake UCI engine that never finishes the handshake.
while IFS= read -r line; do :; done
