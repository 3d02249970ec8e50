#!/usr/bin/env bash
# schemathesis over the learner's own API and the course API, authenticated as a learner: the admin
# pass (scripts/api-fuzz.sh) can only see 401/403 from /api/v1/me*, so this pass creates a learner
# (POST /api/v1/learners) and sends its bearer token. Same checks, seed and examples as the admin pass;
# the JUnit report goes to test-output/schemathesis-learner/. Uses $FOLIO_URL when set, else starts
# its own server.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

"$FOLIO_ROOT/scripts/venv.sh"
ensure_server "$FOLIO_OUT/api-learner-server"
report="$FOLIO_OUT/schemathesis-learner"
rm -rf "$report"
mkdir -p "$report"

token=$(curl -fsS --max-time 10 -X POST "$FOLIO_URL/api/v1/learners" -H 'Content-Type: application/json' \
    -d '{"display_name": "schemathesis", "language": "it"}' |
    "$FOLIO_VENV/bin/python" -c 'import json, sys; print(json.load(sys.stdin)["token"])')
[[ "$token" =~ ^[0-9a-f]{32}$ ]] || die "could not create a learner for the fuzzing pass"

# Inside the report folder: schemathesis' crash cache must not replay an earlier run's cases.
cd "$report"
timeout 900 "$FOLIO_VENV/bin/schemathesis" --no-color --config-file "$FOLIO_ROOT/schemathesis.toml" run "$FOLIO_URL/api/openapi.json" \
    --checks all --max-examples "${FOLIO_API_FUZZ_EXAMPLES:-50}" --seed 1 \
    --request-timeout 10 --wait-for-schema 10 \
    --include-tag learner --include-tag course \
    --header "Authorization: Bearer $token" \
    --report junit --report-dir "$report"
