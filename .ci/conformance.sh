#!/usr/bin/env bash
# Runs the official MCP conformance suite (the @modelcontextprotocol/conformance devDependency, pinned in the lock
# file) against toolwright's fixture server (tests/fixtures/mcp/conformance-server.ts: the suite's tool fixtures as a
# toolwright agent, served by serveMcp over HTTP), once per protocol revision, with the expected failures of
# .ci/conformance/. Usage: .ci/conformance.sh <bin folder of Node 22 or newer> (the suite needs Node >= 22).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$1"
out="$(mktemp -d)"
PATH="$bin:$PATH" npx tsx tests/fixtures/mcp/conformance-server.ts >"$out/url" 2>"$out/server.log" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$out"' EXIT
for _ in $(seq 1 150); do
  [ -s "$out/url" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$out/server.log" >&2; exit 1; }
  sleep 0.2
done
url="$(head -n 1 "$out/url")"
suite=node_modules/@modelcontextprotocol/conformance/dist/index.js
for revision in 2025-11-25 2026-07-28; do
  echo "== MCP conformance $revision against $url (Node $("$bin/node" --version))"
  PATH="$bin:$PATH" node "$suite" server --url "$url" --requirements "$revision" \
    --expected-failures ".ci/conformance/expected-failures-$revision.yml" -o "$out/$revision" 2>&1 |
    sed -n '/=== SUMMARY ===/,$p'
done
# The Tasks extension's scenarios are not scored by --requirements (they are an extension): run each on its own,
# against one baseline of expected failures.
tasks_failed=0
for scenario in tasks-lifecycle tasks-capability-negotiation tasks-wire-fields tasks-request-state-removal \
  tasks-dispatch-and-envelope tasks-status-notifications tasks-required-task-error tasks-request-headers \
  tasks-mrtr-input tasks-mrtr-composition; do
  echo "== MCP conformance $scenario (Tasks extension, 2026-07-28)"
  PATH="$bin:$PATH" node "$suite" server --url "$url" --scenario "$scenario" --spec-version 2026-07-28 --force \
    --expected-failures .ci/conformance/expected-failures-tasks.yml -o "$out/$scenario" 2>&1 |
    sed -n '/Passed:/,$p' || tasks_failed=1
done
exit "$tasks_failed"

