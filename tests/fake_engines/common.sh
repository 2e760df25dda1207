# Shared by the fake engines: answers the UCI handshake, then calls
# on_go for every `go` and on_stop for every `stop`. Each fake defines
# on_go before sourcing this; on_stop does nothing unless it defines one.
type on_stop >/dev/null 2>&1 || on_stop() { :; }
while IFS= read -r line; do
    case "$line" in
        uci) echo "id name fake"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) on_go ;;
        stop) on_stop ;;
        quit) exit 0 ;;
    esac
done
