#!/usr/bin/env bash
# The MCP conformance suite (@modelcontextprotocol/conformance, which needs Node 22 or later, run
# here under Node 24) against `hdlp mcp --http`, serving the suite's fixture tools written as
# TOOL.hdlp files (./tools). What cannot pass is in ./baseline.yml, each with its reason.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
work=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

"$repo/node_modules/.bin/hdlp" mcp --root "$here/tools" --no-cache --http 127.0.0.1:0 --audit "$work/audit.jsonl" 2>"$work/server.log" &
server=$!
url=""
for _ in $(seq 1 600); do
  url=$(sed -n 's/^hdlp mcp: listening on //p' "$work/server.log")
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "hdlp mcp did not start:" >&2; cat "$work/server.log" >&2; exit 1; }

node24=$(npx -y node@24 -e 'process.stdout.write(process.execPath)')
cd "$work"
status=0
PATH="$(dirname "$node24"):$PATH" npx -y @modelcontextprotocol/conformance@0.1.16 server --url "$url" --expected-failures "$here/baseline.yml" || status=$?
if [ "$status" -ne 0 ]; then
  echo "== hdlp mcp's log" >&2
  cat "$work/server.log" >&2
fi
exit "$status"
