#!/usr/bin/env bash
# Runs Tests/Integration/*.py against a live server: webhooks verified with the Standard Webhooks reference
# library (standardwebhooks) and xAPI statements parsed with tincan, both from PyPI. Each runs as
#     python FILE BASE_URL OUTPUT_DIR          (exit 0 = pass)
# with FOLIO_URL and FOLIO_ADMIN_TOKEN in the environment. Uses $FOLIO_URL when set, else starts a server.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

shopt -s nullglob
tests=("$FOLIO_ROOT"/Tests/Integration/*.py)
if ((${#tests[@]} == 0)); then
    log "no Tests/Integration/*.py: nothing to run"
    exit 0
fi

python=$(venv_python)
ensure_server "$FOLIO_OUT/integration-server"
export FOLIO_URL FOLIO_ADMIN_TOKEN

failed=()
for t in "${tests[@]}"; do
    name=${t#"$FOLIO_ROOT"/}
    output="$FOLIO_OUT/integration/$(basename "$t" .py)"
    mkdir -p "$output"
    log "--- $name $FOLIO_URL"
    (cd "$FOLIO_ROOT" && timeout 300 "$python" "$t" "$FOLIO_URL" "$output") || failed+=("$name")
done
if ((${#failed[@]} > 0)); then
    log "integration tests failed: ${failed[*]}"
    exit 1
fi
