#!/usr/bin/env bash
# Runs the real-browser tests against a live server: scripts/views/browser_test.py and every
# Tests/Browser/*.py (files starting with "_" are helpers). Each runs as
#     python FILE BASE_URL OUTPUT_DIR          (exit 0 = pass; test_*.py files run under pytest)
# with the same in the environment (FOLIO_URL, FOLIO_TEST_OUTPUT) plus FOLIO_ADMIN_TOKEN,
# CHROMIUM_BIN, CHROMEDRIVER_BIN and SE_OFFLINE=true (Selenium must never try to download a driver).
# Screenshots go to test-output/browser/<file name>/. Uses $FOLIO_URL when set, else starts a server.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

shopt -s nullglob
tests=()
for t in "$FOLIO_ROOT"/scripts/views/browser_test.py "$FOLIO_ROOT"/Tests/Browser/*.py; do
    [[ -f "$t" ]] || continue
    [[ "$(basename "$t")" == _* ]] || tests+=("$t")
done
if ((${#tests[@]} == 0)); then
    log "no scripts/views/browser_test.py or Tests/Browser/*.py yet: no browser test to run"
    exit 0
fi

python=$(venv_python)
ensure_server "$FOLIO_OUT/browser-server"
export PATH="$FOLIO_VENV/bin:$PATH" FOLIO_URL FOLIO_ADMIN_TOKEN SE_OFFLINE=true CHROMIUM_BIN=/usr/bin/chromium CHROMEDRIVER_BIN=/usr/bin/chromedriver

failed=()
for t in "${tests[@]}"; do
    name=${t#"$FOLIO_ROOT"/}
    FOLIO_TEST_OUTPUT="$FOLIO_OUT/browser/$(basename "$t" .py)"
    export FOLIO_TEST_OUTPUT
    mkdir -p "$FOLIO_TEST_OUTPUT"
    log "--- $name $FOLIO_URL ${FOLIO_TEST_OUTPUT#"$FOLIO_ROOT"/}"
    if [[ "$(basename "$t")" == test_* ]]; then
        cmd=("$python" -m pytest -q -p no:cacheprovider "$t")
    else
        cmd=("$python" "$t" "$FOLIO_URL" "$FOLIO_TEST_OUTPUT")
    fi
    (cd "$FOLIO_ROOT" && timeout 600 "${cmd[@]}") || failed+=("$name")
done
if ((${#failed[@]} > 0)); then
    log "browser tests failed: ${failed[*]} (screenshots in test-output/browser/)"
    exit 1
fi
log "browser tests passed: ${#tests[@]} file(s)"
