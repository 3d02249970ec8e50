#!/usr/bin/env bash
# swift test under a sanitizer, in its own build path (.build-asan / .build-tsan):
#   scripts/sanitizers.sh address|thread
# AddressSanitizer runs every test. ThreadSanitizer runs the modules with threads, locks and
# sockets (SQLiteTests, HTTPTests, AppTests): over the pure ones (Course, Grading, Views: values in,
# values out) it found nothing and took most of a 21-minute run on this 2-core machine, where their
# CPU-heavy adversarial-input tests also overran their own 60 s limits.
# FOLIO_SANITIZER_FILTER=REGEX picks the tests (swift test --filter); "all" runs every test.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$FOLIO_ROOT"

case "${1:-}" in
    address) build=.build-asan ;;
    thread) build=.build-tsan ;;
    *) echo "usage: $0 address|thread" >&2; exit 2 ;;
esac

# XCTest and the Swift runtime keep allocations alive until exit: leak reports would fail a
# passing run, so LeakSanitizer is off; every other ASan check stays on.
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:halt_on_error=1:strict_string_checks=1"
export TSAN_OPTIONS="halt_on_error=0:second_deadlock_stack=1:history_size=4"
export SWIFT_BACKTRACE=enable=no

pattern=${FOLIO_SANITIZER_FILTER:-}
if [[ -z "$pattern" && "$1" == thread ]]; then
    pattern='^(SQLiteTests|HTTPTests|AppTests)\.'
fi
filter=()
if [[ -n "$pattern" && "$pattern" != all ]]; then
    filter=(--filter "$pattern")
    log "$1 sanitizer run over the tests matching: $pattern"
fi
without_gold_noise timeout "${FOLIO_SANITIZER_TIMEOUT:-1500}" swift test --no-parallel --sanitize "$1" --build-path "$build" "${filter[@]}"
