#!/usr/bin/env bash
# The README's main command: starts a throw-away daemon, runs the main job on the shipped
# sample (fixtures/sample.mp4: upload, transcription, analysis, suggestion, previews), prints
# the clips, then stops the daemon.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/setup.mjs
node scripts/build.mjs
DATA_DIR="${CLIPPER_DEMO_DIR:-$(mktemp -d -t clipper-demo-XXXXXX)}"
export CLIPPER_DATA_DIR="$DATA_DIR"
# The demo's own job history and profile folder: nothing of the user's is read or changed.
export CLIPPER_STATE_DIR="$DATA_DIR/state" CLIPPER_CONFIG_DIR="$DATA_DIR/config"
unset CLIPPER_BASE_URL CLIPPER_API_KEY CLIPPER_TOKEN CLIPPER_PROFILE
SAMPLE="${1:-fixtures/sample.mp4}"
CRITERIA="${CLIPPER_DEMO_CRITERIA:-pricing and costs}"

./bin/clipper daemon start --data-dir "$DATA_DIR" --port 0 >/dev/null
trap './bin/clipper daemon stop --data-dir "$DATA_DIR" >/dev/null 2>&1 || true' EXIT
STATUS="$(./bin/clipper daemon status --data-dir "$DATA_DIR" --json)"
echo "$STATUS"
# The links the job prints name this port: the restart command below must use the same one.
PORT="$(./bin/clipper daemon status --data-dir "$DATA_DIR" --jq .port)"
./bin/clipper ping

echo "clipper demo: making clips of $SAMPLE (criteria: \"$CRITERIA\")" >&2
./bin/clipper clips create "$SAMPLE" --criteria "$CRITERIA" --wait --timeout 15m
echo "clipper demo: done. The links above work while a daemon serves this data dir:" >&2
echo "  ./bin/clipper daemon start --data-dir $DATA_DIR --port $PORT" >&2
echo "and a clip's editor page opens signed in with:" >&2
echo "  CLIPPER_DATA_DIR=$DATA_DIR ./bin/clipper open CLIP_ID" >&2
