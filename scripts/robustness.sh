#!/usr/bin/env bash
# Robustness stage (issue 8): runs every Tests/Robustness/*.py against a real `folio serve`:
#   crash_durability  SIGKILL under 32 clients of graded attempts; every acknowledged attempt kept once
#   slow_clients      500 slowloris connections, clients that never read, the connection cap (503)
#   hostile_http      malformed and smuggling-shaped requests: the right 4xx/5xx or a close, no crash
#   fd_leak           ~100k requests (keep-alive, new connections, aborts): descriptors back to baseline
#   full_disk         the database on a 3 MB tmpfs fills up: 503 storage_full, /healthz "full", recovery
#                     without restart, every acknowledged attempt kept (needs root to mount; else skipped)
# Each test is standard-library Python, loopback only, bounded (timeout per test), and kills the servers
# it started. Usage: scripts/robustness.sh [TEST_NAME ...] (default: all). Uses $FOLIO_BIN when set,
# else builds (or reuses) the debug `folio`. Output: test-output/robustness/ (one log per test).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$FOLIO_ROOT"

out="$FOLIO_OUT/robustness"
mkdir -p "$out"
per_test_timeout=${FOLIO_ROBUSTNESS_TIMEOUT:-150}

if [[ -z "${FOLIO_BIN:-}" ]]; then
    timeout 1800 swift build --product folio >&2
fi
bin=$(folio_bin debug)
[[ -x "$bin" ]] || die "no folio binary at $bin"

tests=()
if (($# > 0)); then
    for name in "$@"; do tests+=("Tests/Robustness/${name%.py}.py"); done
else
    tests=(Tests/Robustness/*.py)
fi

passed=0
failed=0
failures=()
for test in "${tests[@]}"; do
    name=$(basename "$test" .py)
    [[ -f "$test" ]] || die "no test $test"
    banner "robustness: $name"
    start=$(now_ms)
    rc=0
    timeout --kill-after=10 "$per_test_timeout" python3 "$test" "$bin" "$FOLIO_ROOT" "$out" 2>&1 |
        tee "$out/$name.log" || rc=$?
    log "---- $name: exit $rc in $(fmt_ms $(($(now_ms) - start)))"
    if ((rc == 0)); then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        failures+=("$name")
    fi
done

echo "robustness: $passed passed, $failed failed${failures[*]:+ (${failures[*]})}"
((failed == 0))
