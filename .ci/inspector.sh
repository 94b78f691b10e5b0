#!/usr/bin/env bash
# The MCP Inspector's CLI (npm @modelcontextprotocol/inspector, which needs Node >= 22.19) against the built
# `toolwright serve`, over stdio and Streamable HTTP: tools/list and tools/call must answer what the agent defines.
# Usage: .ci/inspector.sh <bin folder of Node 22+>. Needs `npm run build` first. The Inspector is installed into the
# CI cache at a pinned version (it is large, and no test imports it, so it is no devDependency).
set -euo pipefail
cd "$(dirname "$0")/.."
node22="$1/node"
INSPECTOR_VERSION=2.12.0
dir="${XDG_CACHE_HOME:-$HOME/.cache}/toolwright-ci/inspector-$INSPECTOR_VERSION"
if [ ! -f "$dir/node_modules/@modelcontextprotocol/inspector/package.json" ]; then
  mkdir -p "$dir"
  PATH="$1:$PATH" npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    "@modelcontextprotocol/inspector@$INSPECTOR_VERSION" >&2
fi
inspector="$dir/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js"
serve=(node dist/esm/cli/toolwright.js serve tests/fixtures/mcp/echo-agent.mjs)

# Runs the Inspector's CLI with the given arguments and fails unless its output contains $1.
expect() {
  local want="$1"
  shift
  local out
  out="$(timeout 60 "$node22" "$inspector" --cli "$@" 2>&1)" || { echo "inspector failed: $out" >&2; exit 1; }
  if [[ "$out" != *"$want"* ]]; then
    echo "inspector $*: expected output containing $want, got: $out" >&2
    exit 1
  fi
}

echo "== MCP Inspector $INSPECTOR_VERSION CLI against toolwright serve (stdio)"
expect '"name": "echo"' "${serve[@]}" --method tools/list
expect '"text": "hello from the inspector"' "${serve[@]}" --method tools/call --tool-name echo \
  --tool-arg "text=hello from the inspector"

echo "== MCP Inspector $INSPECTOR_VERSION CLI against toolwright serve --http"
port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
"${serve[@]}" --http "$port" >&2 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  node -e "require('net').connect($port,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))" && break
  sleep 0.1
done
url="http://127.0.0.1:$port/mcp"
expect '"name": "echo"' "$url" --method tools/list
expect '"text": "over http"' "$url" --method tools/call --tool-name echo --tool-arg "text=over http"
echo "inspector: ok"
