# What the CI scripts that start a server of their own share (sourced, after NAME, PYTHON and
# BINARY are set): a work directory removed on exit, the server stopped on exit (its log
# shown when the script failed), a free port, and waiting for the server to answer.

WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
  local rc=$?
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [ $rc -ne 0 ] && [ -s "$WORK/server.log" ]; then
    echo "== server log (last 40 lines)" >&2
    tail -n 40 "$WORK/server.log" >&2
  fi
  rm -rf "$WORK"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Port $1 if nothing listens there, else any free one.
free_port() {
  if "$PYTHON" -c 'import socket,sys; s=socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1])))' "$1" 2>/dev/null; then
    echo "$1"
  else
    "$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
  fi
}

# Wait until the server started as SERVER_PID answers $1/healthz (about 20 s at most).
await_server() {
  for _ in $(seq 1 100); do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      echo "$NAME: the server exited during start" >&2
      exit 1
    fi
    curl -fsS "$1/healthz" >/dev/null 2>&1 && break
    sleep 0.2
  done
  curl -fsS "$1/healthz" >/dev/null || { echo "$NAME: $1/healthz did not answer" >&2; exit 1; }
  echo "server up at $1 (pid $SERVER_PID)"
}
