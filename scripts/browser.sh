#!/usr/bin/env bash
# Runs the real-browser tests: every Tests/Browser/*.py (files starting with "_" are helpers).
# test_*.py files run under pytest; other files run as scripts (exit 0 = pass).
# Each gets: FOLIO_URL, FOLIO_ADMIN_TOKEN, FOLIO_TEST_OUTPUT (screenshots), CHROMIUM_BIN,
# CHROMEDRIVER_BIN, SE_OFFLINE=true (Selenium must never try to download a driver).
# Uses $FOLIO_URL when set, else starts its own server.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

shopt -s nullglob
tests=()
for t in "$FOLIO_ROOT"/Tests/Browser/*.py; do
    [[ "$(basename "$t")" == _* ]] || tests+=("$t")
done
if ((${#tests[@]} == 0)); then
    log "no Tests/Browser/*.py yet: no browser test to run"
    exit 0
fi

python=$(venv_python)
ensure_server "$FOLIO_OUT/browser-server"
export FOLIO_URL FOLIO_ADMIN_TOKEN SE_OFFLINE=true
export FOLIO_TEST_OUTPUT="$FOLIO_OUT/browser" CHROMIUM_BIN=/usr/bin/chromium CHROMEDRIVER_BIN=/usr/bin/chromedriver
mkdir -p "$FOLIO_TEST_OUTPUT"

failed=()
for t in "${tests[@]}"; do
    name=${t#"$FOLIO_ROOT"/}
    log "--- $name"
    if [[ "$(basename "$t")" == test_* ]]; then
        cmd=("$python" -m pytest -q -p no:cacheprovider "$t")
    else
        cmd=("$python" "$t")
    fi
    (cd "$FOLIO_ROOT" && timeout 600 "${cmd[@]}") || failed+=("$name")
done
if ((${#failed[@]} > 0)); then
    log "browser tests failed: ${failed[*]} (screenshots in ${FOLIO_TEST_OUTPUT#"$FOLIO_ROOT"/})"
    exit 1
fi
log "browser tests passed: ${#tests[@]} file(s)"
