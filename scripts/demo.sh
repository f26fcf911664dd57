#!/usr/bin/env bash
# The README's main command: starts a throw-away daemon, runs the main job on the shipped
# sample and prints the result, then stops the daemon.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/ensure-deps.mjs
node scripts/build.mjs
DATA_DIR="${CLIPPER_DEMO_DIR:-$(mktemp -d -t clipper-demo-XXXXXX)}"
export CLIPPER_DATA_DIR="$DATA_DIR"
./bin/clipper daemon start --data-dir "$DATA_DIR" --port 0 >/dev/null
trap './bin/clipper daemon stop --data-dir "$DATA_DIR" >/dev/null 2>&1 || true' EXIT
./bin/clipper ping
./bin/clipper daemon status --data-dir "$DATA_DIR" --json
