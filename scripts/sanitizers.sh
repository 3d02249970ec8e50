#!/usr/bin/env bash
# swift test under a sanitizer, in its own build path (.build-asan / .build-tsan), built once per run:
#   scripts/sanitizers.sh address|thread [--build]     (--build: build only; scripts/test.sh builds ahead)
#
# What runs, and why (both fit scripts/test.sh's 15 minutes on a 2-core machine, a build each included):
#   AddressSanitizer  SQLiteTests, HTTPTests, StemmingTests, GradingTests, AppTests. The code that touches
#       raw memory: unsafe pointers in HTTP (parser, output queue, epoll/accept4/eventfd through CSystem,
#       zlib), SQLite (libsqlite3, libcrypto), Stemming (libstemmer, whose results Grading reads), App
#       (libcrypto, libqrencode), and every App route, store and server on top. Left out, as sweeps that
#       repeat calls other tests make under ASan with no new unsafe path:
#       - GradingTests' OffTopicTests and GroundingTests: whole-corpus sweeps through the same grader calls
#         as the rest of GradingTests (160 s of an 11-minute ASan run);
#       - FixtureTests' accuracy(language:): it grades again, with the same arguments, every answer that
#         FixtureTests' gradesLikeQA grades one test each (grading is deterministic: the same accesses);
#       - CheckContentTests and ContentHashTests' checkContentPrints…: they run check-content over the whole
#         course in-process (once, shared), i.e. the content reader and libcrypto digest that every App
#         suite's SharedContent load runs (and theHashFollowsEveryFileNameAndByte, which stays), then a
#         grounding sweep of the course text through the stemmer (StemmingTests and GradingTests call the
#         stemmer's one unsafe buffer, and its empty and multi-byte cases); 12-17 s under ASan;
#       - GradeEvalCLITests: four runs of the `folio grade-eval` executable (10 s under ASan), each loading
#         the content as SharedContent does and grading a few answers with the grader GradingTests runs; its
#         parsing, metrics and flags are GradeEvalTests', in-process. The `cli` stage runs grade-eval too.
#   ThreadSanitizer  SQLiteTests, HTTPTests, StemmingTests, AppTests: the modules with threads, locks and
#       sockets (event loops, the group-committing writer, the reader pool, the stemmer pool, content
#       reloads beside requests, the socket end-to-end suites). Course, Grading and Views are values in,
#       values out: TSan found nothing there and they overran their own limits under it. Skipped too:
#       CheckContentTests, ContentHashTests and GradeEvalCLITests, one-thread CLI commands (check-content,
#       grade-eval) that spent half a minute grading and hashing under TSan.
# The App route suites run in-process (Tests/AppTests/Support/TestApp.swift) on the content loaded once per
# process, so this covers the same routes and stores as before in a fraction of the time.
#
# FOLIO_SANITIZER_FILTER=REGEX picks the tests instead (swift test --filter, no skips); "all" runs every test.
# Failures are never filtered: any sanitizer report fails the stage (halt_on_error for ASan; for TSan
# the summary line is checked after the run).
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
selection=()
if [[ -z "$pattern" ]]; then
    if [[ "$1" == address ]]; then
        pattern='^(SQLiteTests|HTTPTests|StemmingTests|GradingTests|AppTests)\.'
        selection=(--skip '^GradingTests\.(OffTopicTests|GroundingTests|FixtureTests/accuracy)|^AppTests\.(CheckContentTests|GradeEvalCLITests|ContentHashTests/checkContentPrints)')
    else
        pattern='^(SQLiteTests|HTTPTests|StemmingTests|AppTests)\.'
        selection=(--skip '^AppTests\.(CheckContentTests|ContentHashTests|GradeEvalCLITests)')
    fi
fi
if [[ "$pattern" != all ]]; then
    selection=(--filter "$pattern" "${selection[@]}")
    log "$1 sanitizer run over the tests matching: $pattern ${selection[*]:2}"
fi

log "building with -sanitize=$1 into $build"
without_gold_noise timeout "${FOLIO_SANITIZER_TIMEOUT:-1500}" \
    swift build --build-tests --sanitize "$1" --build-path "$build"
[[ "${2:-}" == --build ]] && exit 0
# One test at a time, as the unit stage: the socket suites' servers share the cooperative pool.
output="$FOLIO_OUT/sanitizer-$1.log"
mkdir -p "$FOLIO_OUT"
set +e
without_gold_noise timeout "${FOLIO_SANITIZER_TIMEOUT:-1500}" \
    swift test --skip-build --no-parallel --sanitize "$1" --build-path "$build" "${selection[@]}" | tee "$output"
rc=${PIPESTATUS[0]}
set -e
if ((rc == 0)) && grep -q "^SUMMARY: \(Address\|Thread\)Sanitizer" "$output"; then
    log "the tests passed but the sanitizer reported (see ${output#"$FOLIO_ROOT"/}):"
    grep "^SUMMARY: " "$output" | sort | uniq -c >&2
    rc=1
fi
exit "$rc"
