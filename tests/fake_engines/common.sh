# Shared by the fake engines: answers the UCI handshake, then calls
# on_go for every `go`. Each fake defines on_go before sourcing this.
while IFS= read -r line; do
    case "$line" in
        uci) echo "id name fake"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) on_go ;;
        quit) exit 0 ;;
    esac
done
