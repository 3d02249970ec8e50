#!/usr/bin/env bash
# schemathesis against the server's own OpenAPI document: every /api route, positive and negative
# data, all checks (no 5xx, status codes / content types / headers / bodies as declared, 405 with
# Allow) but ignored_auth, which cannot accept the 429 of the wrong-token throttle (schemathesis.toml;
# Tests/AppTests/AuthEnforcementTests.swift checks auth instead). Requests carry the admin bearer token
# so admin routes are exercised too.
# Deterministic (--seed 1); the JUnit report goes to test-output/schemathesis/.
# Uses $FOLIO_URL when set, else starts its own server.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

"$FOLIO_ROOT/scripts/venv.sh"
ensure_server "$FOLIO_OUT/api-server"
report="$FOLIO_OUT/schemathesis"
rm -rf "$report"
mkdir -p "$report"

# schemathesis keeps a crash cache (.schemathesis/) in its working directory and replays it on the
# next run: run it inside the report folder, which test.sh empties, so every run starts the same.
cd "$report"
timeout 1200 "$FOLIO_VENV/bin/schemathesis" --no-color run "$FOLIO_URL/api/openapi.json" \
    --checks all --exclude-checks ignored_auth --max-examples "${FOLIO_API_FUZZ_EXAMPLES:-50}" --seed 1 \
    --request-timeout 10 --wait-for-schema 10 \
    --header "Authorization: Bearer $FOLIO_ADMIN_TOKEN" \
    --report junit --report-dir "$report"
