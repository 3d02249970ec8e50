#!/usr/bin/env bash
# THE test command (README, .ci/run): every check Folio has, from a fresh machine of this kind.
#
#   build      swift build of every target and test target, warnings as errors
#   unit       swift test: every Swift Testing suite, the value suites side by side, the rest one at a
#              time (stage_unit says why); the Views tests also write every page type to
#              test-output/views-pages/ (FOLIO_PAGES_DIR)
#   postgres   the store contract, PostgreSQL module and App tests again on PostgreSQL: a throwaway cluster
#              (scripts/postgres.sh: initdb in a temp dir, unprivileged user, loopback port) named by
#              FOLIO_TEST_DATABASE_URL; stopped and removed afterwards
#   pages      scripts/views/check_pages.py over those pages: Nu checker, axe-core, overflow, screenshots
#   cli        folio --help / unknown flag -> 2 / migrate twice / check-content / backup / grade-eval (tuning set)
#   server     folio serve --port 0 on a temp database; first stderr line parsed; /healthz 200
#   healthcheck  folio healthcheck against it (the Dockerfile's HEALTHCHECK)
#   browser    Tests/Browser/*.py (Selenium + axe-core in headless Chromium)      scripts/browser.sh
#   html       Nu HTML checker over every page type                              scripts/html-check.sh
#   integrations  webhooks (standardwebhooks) and xAPI statements (tincan), Python  scripts/integrations.sh
#   api        schemathesis against /api/openapi.json                            scripts/api-fuzz.sh
#   shutdown   SIGTERM -> the server exits 0
#   robustness SIGKILL durability, slowloris, hostile HTTP, fd leaks (Python)  scripts/robustness.sh
#   cluster    three nodes on one PostgreSQL behind nginx: shared learners, cohorts, content reloads,
#              SIGKILL of a node and PostgreSQL restarts under load (about a minute)  Tests/Cluster/cluster.py
#   fuzz       libFuzzer over the request and course parsers, bounded            scripts/fuzz.sh
#   asan, tsan swift test under AddressSanitizer / ThreadSanitizer, over the modules with unsafe
#              pointers and threads (what and why: scripts/sanitizers.sh)            scripts/sanitizers.sh
#              The fuzz, ASan and TSan builds run ahead, in the background at idle CPU priority from
#              the pages stage on (start_prebuild says why and how).
#
# Local use: FOLIO_SKIP_<STAGE>=1 skips a stage (FOLIO_SKIP_INTEGRATION=1 skips server..shutdown);
# CI=true ignores every skip. Logs and artefacts go to test-output/. Exits non-zero on any failure.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$FOLIO_ROOT"

SWIFT_FLAGS=(-Xswiftc -warnings-as-errors)
RESULTS=()
FAILED=()
LAST_RC=0
SERVER_PID=""
RUN_START=$(now_ms)
# Stages that would start after this many minutes are reported as not run (failed), so a hung
# stage still leaves a summary well inside CI's 90-minute limit.
BUDGET_MS=$((${FOLIO_TEST_BUDGET_MINUTES:-70} * 60000))

rm -rf "$FOLIO_OUT"
mkdir -p "$FOLIO_OUT"

PREBUILD_PID=""
PREBUILD_DIR="$FOLIO_OUT/prebuild"

cleanup() {
    if [[ -n "$SERVER_PID" ]]; then
        folio_stop "$SERVER_PID" 5 || true
    fi
    if [[ -n "$PREBUILD_PID" ]] && kill -0 "$PREBUILD_PID" 2>/dev/null; then
        kill -TERM -- "-$PREBUILD_PID" 2>/dev/null || true
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

record() { # name status ms
    RESULTS+=("$(printf '%-12s %-28s %s' "$1" "$2" "$(fmt_ms "$3")")")
    [[ "$2" == passed || "$2" == skipped* ]] || FAILED+=("$1")
}

# run_stage NAME FUNCTION [inline]: banner, timing, result. A stage runs in a subshell with errexit
# unless "inline" (it must then check its own commands; used for stages that keep state here).
run_stage() {
    local name=$1 fn=$2 mode=${3:-} start ms
    if skipped "$name" || { [[ "$name" =~ ^(server|healthcheck|browser|html|integrations|api|shutdown)$ ]] && skipped integration; }; then
        banner "$name: skipped by FOLIO_SKIP_${name^^}=1 or FOLIO_SKIP_INTEGRATION=1"
        record "$name" "skipped (local)" 0
        LAST_RC=0
        return 0
    fi
    if (($(now_ms) - RUN_START > BUDGET_MS)); then
        not_run "$name" "the ${FOLIO_TEST_BUDGET_MINUTES:-70}-minute budget is spent"
        LAST_RC=1
        return 0
    fi
    banner "$name"
    start=$(now_ms)
    set +e
    if [[ "$mode" == inline ]]; then
        "$fn"
    else
        (
            set -e
            "$fn"
        )
    fi
    LAST_RC=$?
    set -e
    ms=$(($(now_ms) - start))
    if ((LAST_RC == 0)); then
        log "---- $name passed in $(fmt_ms "$ms")"
        record "$name" passed "$ms"
    else
        log "---- $name FAILED (exit $LAST_RC) after $(fmt_ms "$ms")"
        record "$name" "FAILED (exit $LAST_RC)" "$ms"
    fi
    return 0
}

not_run() { # name reason
    banner "$1: not run ($2)"
    record "$1" "FAILED (not run: $2)" 0
}

stage_build() {
    timeout 1800 swift build --build-tests "${SWIFT_FLAGS[@]}"
}

# The test targets of pure modules: values in, values out, no server, socket or file they share.
VALUE_SUITES='^(CourseTests|StemmingTests|TransliterationTests|GradingTests|ViewsTests)\.'

stage_unit() {
    export FOLIO_PAGES_DIR="$FOLIO_OUT/views-pages"
    mkdir -p "$FOLIO_PAGES_DIR"
    # Two runs that together cover every test. First the value suites (Course, Stemming, Transliteration,
    # Grading, Views: no server, no socket, no shared state) side by side, as plain `swift test` runs
    # them; their CPU-bound grading sweeps then use both cores.
    local rc=0
    timeout 1200 swift test "${SWIFT_FLAGS[@]}" --filter "$VALUE_SUITES" \
        --xunit-output "$FOLIO_OUT/swift-test-values.xml" || rc=$?
    # Then the rest one test at a time. The route suites run in-process (TestApp) and would run side by
    # side, but the socket end-to-end suites start real servers whose async handlers share the two-thread
    # cooperative pool with the tests: beside the CPU-bound grading suites they starve (minutes-long
    # stalls and `.closed` on a loaded 2-core machine), and in-process the whole run takes little more
    # than this.
    timeout 1200 swift test "${SWIFT_FLAGS[@]}" --skip-build --no-parallel --skip "$VALUE_SUITES" \
        --xunit-output "$FOLIO_OUT/swift-test.xml" || rc=$?
    return "$rc"
}

stage_postgres() {
    local url
    # Under /tmp: the unprivileged server user must reach it, which a checkout under /root would not allow.
    FOLIO_PG_DIR=$(mktemp -d /tmp/folio-pg.XXXXXX)
    export FOLIO_PG_DIR
    # The cluster goes with this stage's subshell, whatever happens in it.
    trap '"$FOLIO_ROOT/scripts/postgres.sh" stop' EXIT
    url=$("$FOLIO_ROOT/scripts/postgres.sh" start)
    log "PostgreSQL test cluster: $url (log: $FOLIO_PG_DIR/pg.log)"
    FOLIO_TEST_DATABASE_URL="$url" timeout 900 swift test "${SWIFT_FLAGS[@]}" --no-parallel \
        --filter 'StoreContractTests|PostgresAppTests|PostgreSQLTests|ThrottleStoreTests|ContentAnnouncementTests' --xunit-output "$FOLIO_OUT/swift-test-postgres.xml"
}

stage_pages() {
    local checker="$FOLIO_ROOT/scripts/views/check_pages.py" pages="$FOLIO_OUT/views-pages"
    if [[ ! -f "$checker" ]]; then
        log "no scripts/views/check_pages.py: nothing to check"
        return 0
    fi
    if ! compgen -G "$pages/*.html" >/dev/null; then
        log "the unit stage wrote no page to ${pages#"$FOLIO_ROOT"/} (FOLIO_PAGES_DIR): nothing to check"
        return 0
    fi
    PATH="$FOLIO_VENV/bin:$PATH" timeout 900 "$FOLIO_VENV/bin/python" "$checker" \
        "$pages" "$FOLIO_ROOT/Public" "$FOLIO_OUT/views-screenshots"
}

stage_cli() {
    local bin dir rc
    bin=$(folio_bin debug)
    dir="$FOLIO_OUT/cli"
    mkdir -p "$dir"
    "$bin" --help >"$dir/help.txt"
    rc=0
    "$bin" serve --no-such-flag >/dev/null 2>"$dir/bad-flag.txt" || rc=$?
    [[ $rc == 2 ]] || die "folio serve --no-such-flag exited $rc, want 2 (usage)"
    export FOLIO_DB="$dir/folio.sqlite" FOLIO_MIGRATIONS="$FOLIO_ROOT/Migrations"
    "$bin" migrate
    "$bin" migrate # a second run is a no-op
    "$bin" check-content "$FOLIO_ROOT/Content"
    # Measures the grader on the tuning set (exit 2 only for a malformed line; it does not gate on accuracy).
    "$bin" grade-eval --content "$FOLIO_ROOT/Content" "$FOLIO_ROOT"/Tests/GradingTests/Evaluation/tuning/*.jsonl \
        >"$dir/grade-eval-tuning.txt"
    sed -n '3,4p' "$dir/grade-eval-tuning.txt"
    "$bin" backup "$dir/backup.sqlite"
    python3 - "$dir/backup.sqlite" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
check = db.execute("PRAGMA integrity_check").fetchone()[0]
applied = db.execute("SELECT count(*) FROM schema_migrations").fetchone()[0]
print(f"backup: integrity_check={check}, migrations applied={applied}")
sys.exit(0 if check == "ok" and applied >= 1 else 1)
EOF
}

stage_server() {
    local bin
    bin=$(folio_bin debug) || return 1
    folio_start "$bin" "$FOLIO_OUT/server" || return 1
    SERVER_PID=$FOLIO_PID
    export FOLIO_URL FOLIO_ADMIN_TOKEN
}

stage_healthcheck() {
    timeout 10 "$(folio_bin debug)" healthcheck "$FOLIO_URL/healthz"
}

stage_browser() { "$FOLIO_ROOT/scripts/browser.sh"; }
stage_html() { "$FOLIO_ROOT/scripts/html-check.sh"; }
stage_integrations() { "$FOLIO_ROOT/scripts/integrations.sh"; }
stage_api() { "$FOLIO_ROOT/scripts/api-fuzz.sh"; }

stage_shutdown() {
    local rc=0
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
        log "the server died during the integration stages; last lines of its stderr:"
        tail -n 40 "$FOLIO_OUT/server/server.stderr" >&2
        SERVER_PID=""
        return 1
    fi
    folio_stop "$SERVER_PID" 15 || rc=$?
    SERVER_PID=""
    log "folio exited with status $rc after SIGTERM (want 0); server log: test-output/server/server.stderr"
    return "$rc"
}

# The robustness stage reuses the build stage's folio (no rebuild with other flags).
stage_robustness() { FOLIO_BIN=$(folio_bin debug) "$FOLIO_ROOT/scripts/robustness.sh"; }

# Its own throwaway PostgreSQL (scripts/postgres.sh, a port of its own) and nginx; the build stage's folio.
stage_cluster() {
    python3 "$FOLIO_ROOT/Tests/Cluster/cluster.py" "$(folio_bin debug)" "$FOLIO_ROOT" "$FOLIO_OUT"
}

# Building ahead. From the pages stage to the cluster stage (about 3 of the run's minutes) the stages
# mostly wait: on Chromium, the Nu checker, schemathesis, slowloris sleeps, node restarts. The fuzz,
# ASan and TSan builds (about 5 minutes of compiling on 2 cores, all needed only after those stages)
# start then, one after another, in the background under SCHED_IDLE (chrt --idle): they get only CPU
# time that no other process wants, so the stages run as before (and none has a timing assertion).
# Not `nice`: SwiftPM's build system starts its compilers back at nice 0 (measured: swift-build at 19,
# swiftc and swift-frontend at 0), while they keep the idle policy. The builds go on beside the fuzz
# stage (which then takes both cores) and the ASan tests (mostly one core: the TSan build gets the
# other). The build ahead starts only after the unit and postgres stages, whose socket suites run one at
# a time for a reason (the unit stage's comment). Each later stage first waits for its build, then runs
# its own `swift build`, which finds nothing to do (2 s), or, after a failed build ahead, builds again
# in the foreground and reports why. A stage skipped locally is not built ahead. Logs:
# test-output/prebuild/. On an early exit, cleanup stops the builds; compiler jobs already started
# (each in a process group of its own) finish on their own.
start_prebuild() {
    local steps=()
    skipped fuzz || steps+=(fuzz)
    skipped asan || steps+=(address)
    skipped tsan || steps+=(thread)
    ((${#steps[@]} > 0)) || return 0
    rm -rf "$PREBUILD_DIR"
    mkdir -p "$PREBUILD_DIR"
    local idle=(nice -n 19)
    chrt --idle 0 true 2>/dev/null && idle=(chrt --idle 0)
    # setsid: its own process group, so cleanup can stop the builds with it.
    # shellcheck disable=SC2016 # the inner script's variables are its own
    setsid "${idle[@]}" bash -c '
        dir=$1 root=$2
        shift 2
        for step in "$@"; do
            if [[ $step == fuzz ]]; then cmd=("$root/scripts/fuzz.sh" --build); else cmd=("$root/scripts/sanitizers.sh" "$step" --build); fi
            if "${cmd[@]}" >"$dir/$step.log" 2>&1; then touch "$dir/$step.done"; else touch "$dir/$step.failed"; fi
        done' prebuild "$PREBUILD_DIR" "$FOLIO_ROOT" "${steps[@]}" </dev/null &
    PREBUILD_PID=$!
    log "building ahead (${steps[*]}) under ${idle[*]}, pid $PREBUILD_PID; logs in ${PREBUILD_DIR#"$FOLIO_ROOT"/}"
}

# await_prebuild STEP: waits until the build ahead of STEP (fuzz, address, thread) is over, if one runs.
await_prebuild() {
    local step=$1 start
    [[ -n "$PREBUILD_PID" ]] || return 0
    start=$(now_ms)
    while [[ ! -e "$PREBUILD_DIR/$step.done" && ! -e "$PREBUILD_DIR/$step.failed" ]] && kill -0 "$PREBUILD_PID" 2>/dev/null; do
        sleep 1
    done
    if [[ -e "$PREBUILD_DIR/$step.done" ]]; then
        log "the $step build ahead is done (waited $(fmt_ms $(($(now_ms) - start))) for it)"
    else
        log "the $step build ahead did not finish (${PREBUILD_DIR#"$FOLIO_ROOT"/}/$step.log): building here"
    fi
}

stage_fuzz() {
    await_prebuild fuzz
    "$FOLIO_ROOT/scripts/fuzz.sh"
}
stage_asan() {
    await_prebuild address
    "$FOLIO_ROOT/scripts/sanitizers.sh" address
}
stage_tsan() {
    await_prebuild thread
    "$FOLIO_ROOT/scripts/sanitizers.sh" thread
}

banner "Folio test suite"
log "$(date -u '+%Y-%m-%dT%H:%M:%SZ')  $(nproc) cores  $(swift --version 2>&1 | head -n 1)  CI=${CI:-}"
"$FOLIO_ROOT/scripts/install-deps.sh" --test
"$FOLIO_ROOT/scripts/venv.sh"

run_stage build stage_build
if ((LAST_RC != 0)); then
    log "build failed: the other stages need its products"
    for s in unit postgres pages cli server healthcheck browser html integrations api shutdown robustness cluster fuzz asan tsan; do not_run "$s" "build failed"; done
else
    run_stage unit stage_unit
    run_stage postgres stage_postgres
    start_prebuild
    run_stage pages stage_pages
    run_stage cli stage_cli
    run_stage server stage_server inline
    if ((LAST_RC == 0)) && [[ -n "$SERVER_PID" ]]; then
        run_stage healthcheck stage_healthcheck
        run_stage browser stage_browser
        run_stage html stage_html
        run_stage integrations stage_integrations
        run_stage api stage_api
        run_stage shutdown stage_shutdown inline
    elif ((LAST_RC != 0)); then
        for s in healthcheck browser html integrations api shutdown; do not_run "$s" "server did not start"; done
    fi
    run_stage robustness stage_robustness
    run_stage cluster stage_cluster
    run_stage fuzz stage_fuzz
    run_stage asan stage_asan
    run_stage tsan stage_tsan
fi

total=$(($(now_ms) - RUN_START))
banner "summary"
printf '%s\n' "${RESULTS[@]}"
if ((${#FAILED[@]} == 0)); then
    echo "test.sh summary: every stage passed (${#RESULTS[@]} stages) in $(fmt_ms "$total")"
else
    echo "test.sh summary: ${#FAILED[@]} of ${#RESULTS[@]} stages FAILED (${FAILED[*]}) in $(fmt_ms "$total")"
    exit 1
fi
