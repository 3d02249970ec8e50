#!/usr/bin/env bash
# libFuzzer (+ AddressSanitizer) over the HTTP request parser and the course parser, each for a
# bounded time (FOLIO_FUZZ_SECONDS, default 30). Built optimised in .build-fuzz with -DFUZZING, which
# compiles the entry points in Fuzz/*/ (measured: the course parser runs ~15x more inputs per second
# than in a debug build). Corpora start from seeds made here (requests) and from 80-line slices of
# Content/*.txt, inputs capped at 16 KiB; crash inputs are written to test-output/fuzz/.
# The two targets run side by side: each libFuzzer process is one thread, so on a 2-core machine both
# get their full FOLIO_FUZZ_SECONDS of a core in half the wall time of running them one after the other.
#
#   scripts/fuzz.sh            build, then fuzz
#   scripts/fuzz.sh --build    build only (scripts/test.sh builds ahead while other stages wait)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$FOLIO_ROOT"

seconds=${FOLIO_FUZZ_SECONDS:-30}
out="$FOLIO_OUT/fuzz"
declare -A pids

# SwiftPM hands `--sanitize fuzzer --sanitize address` to swift-frontend as two -sanitize= flags,
# and the frontend keeps only the last one: no coverage instrumentation, and libFuzzer runs blind
# ("no interesting inputs were found"). Naming both in one flag fixes the compile; the two
# --sanitize options keep SwiftPM linking the runtimes.
flags=(-c release --sanitize fuzzer --sanitize address -Xswiftc "-sanitize=fuzzer,address" -Xswiftc -DFUZZING --build-path .build-fuzz)
for product in fuzz-request-parser fuzz-course-parser; do
    without_gold_noise timeout 1800 swift build --product "$product" "${flags[@]}"
done
[[ "${1:-}" == --build ]] && exit 0
bin=$(swift build "${flags[@]}" --show-bin-path)

rm -rf "$out"
mkdir -p "$out"

# Seeds for the request parser: valid and borderline HTTP/1.1 requests.
requests="$out/request-parser-corpus"
mkdir -p "$requests"
printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' >"$requests/get"
printf 'GET /it/chapters/1?with=ja HTTP/1.1\r\nHost: a\r\nAccept-Encoding: gzip\r\nIf-None-Match: "abc"\r\n\r\n' >"$requests/get-conditional"
printf 'HEAD /static/folio.css HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n' >"$requests/head"
printf 'POST /api/v1/it/checkpoints/1/attempts HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{"answer":"x"}\n' >"$requests/post-length"
printf 'POST /api/v1/learners HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\n3;ext=1\r\n"b"\r\n1\r\n}\r\n0\r\nTrailer: x\r\n\r\n' >"$requests/post-chunked"
printf 'POST /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok' >"$requests/expect"
printf 'GET /a HTTP/1.1\r\nHost: a\r\n\r\nGET /b HTTP/1.1\r\nHost: a\r\n\r\n' >"$requests/pipelined"
printf 'GET /%%2e%%2e/%%2fetc/passwd HTTP/1.0\r\n\r\n' >"$requests/traversal"

# Seeds for the course parser: the real documents in 80-line slices (a few KiB each; whole
# documents, ~80 KiB, would spend the time budget on a few slow inputs).
course="$out/course-parser-corpus"
mkdir -p "$course"
for doc in Content/*.txt; do
    split -l 80 -d -a 3 "$doc" "$course/$(basename "$doc" .txt)-"
done

export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0
# fuzz PRODUCT CORPUS [extra libFuzzer flags]: one bounded libFuzzer run, its output in test-output/fuzz/.
fuzz() {
    local product=$1 corpus=$2
    shift 2
    log "--- $product for ${seconds}s over $(find "$corpus" -type f | wc -l) seed files"
    timeout $((seconds + 120)) "$bin/$product" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$out/$product-" "$@" "$corpus" >"$out/$product.log" 2>&1
}
fuzz fuzz-request-parser "$requests" -max_len=16384 &
pids=([fuzz-request-parser]=$!)
fuzz fuzz-course-parser "$course" -max_len=16384 &
pids[fuzz-course-parser]=$!

failed=()
for product in fuzz-request-parser fuzz-course-parser; do
    rc=0
    wait "${pids[$product]}" || rc=$?
    if ((rc != 0)); then
        log "--- $product FAILED (exit $rc):"
        tail -n 60 "$out/$product.log" >&2
        failed+=("$product")
    else
        log "--- $product:"
        grep -E '^(INFO: Loaded|#[0-9]+ +DONE|stat::number_of_executed_units|stat::new_units_added)' "$out/$product.log" >&2 || true
    fi
    if grep -q 'no interesting inputs were found' "$out/$product.log"; then
        log "$product ran without coverage feedback (is the entry point under #if FUZZING and instrumented?)"
        failed+=("$product(no-coverage)")
    fi
done

if ((${#failed[@]} > 0)); then
    log "fuzzing FAILED: ${failed[*]}; reproduce with: $bin/PRODUCT test-output/fuzz/PRODUCT-crash-…"
    exit 1
fi
log "fuzzing passed: no crash in ${seconds}s per target"
