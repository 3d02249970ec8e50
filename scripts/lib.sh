# shellcheck shell=bash
# Shared helpers for scripts/*.sh and bench/run.sh: repository root, banners, the Python venv,
# and starting/stopping a `folio serve` on an ephemeral loopback port. Source it; do not run it.

FOLIO_ROOT="${FOLIO_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
FOLIO_OUT="${FOLIO_OUT:-$FOLIO_ROOT/test-output}"
FOLIO_VENV="${FOLIO_VENV:-$FOLIO_ROOT/.venv}"
# shellcheck disable=SC2034 # read by the scripts that source this file
LANGS=(it es tr zh-Hant ja)

# The toolchain lives in /opt/swift on this kind of machine; a non-login shell may lack it on PATH.
if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
    PATH="/opt/swift/usr/bin:$PATH"
fi

log() { printf '%s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Seconds since the epoch with milliseconds, for stage timings.
now_ms() { date +%s%3N; }
fmt_ms() { local ms=$1; printf '%dm%02d.%01ds' $((ms / 60000)) $((ms / 1000 % 60)) $((ms % 1000 / 100)); }

banner() { printf '\n==================== %s ====================\n' "$*"; }

# True when stage NAME is disabled with FOLIO_SKIP_<NAME>=1 (never in CI).
skipped() {
    local var="FOLIO_SKIP_${1^^}"
    [[ "${!var:-0}" == 1 ]] || return 1
    if [[ "${CI:-}" == true ]]; then
        log "note: $var=1 is ignored in CI"
        return 1
    fi
    return 0
}

# The venv's Python, created on first use (scripts/venv.sh).
venv_python() {
    "$FOLIO_ROOT/scripts/venv.sh" >&2 || return 1
    printf '%s\n' "$FOLIO_VENV/bin/python"
}

# Path of the debug or release `folio` binary, or $FOLIO_BIN when set (e.g. a prebuilt one).
folio_bin() {
    local config=${1:-debug}
    if [[ -n "${FOLIO_BIN:-}" ]]; then
        printf '%s\n' "$FOLIO_BIN"
    else
        printf '%s/folio\n' "$(cd "$FOLIO_ROOT" && swift build -c "$config" --show-bin-path)"
    fi
}

# folio_start BIN DIR: runs `BIN serve --port 0` on DIR/folio.sqlite, waits for the
# `listening on http://HOST:PORT` line (first line of stderr) and for /healthz, then sets
# FOLIO_PID and FOLIO_URL and writes them to DIR/server.pid and DIR/server.url.
folio_start() {
    local bin=$1 dir=$2 line="" deadline
    mkdir -p "$dir"
    : >"$dir/server.stderr"
    FOLIO_ADMIN_TOKEN="${FOLIO_ADMIN_TOKEN:-ci-admin-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')}"
    export FOLIO_ADMIN_TOKEN
    printf '%s\n' "$FOLIO_ADMIN_TOKEN" >"$dir/admin.token"
    "$bin" serve --host 127.0.0.1 --port 0 \
        --db "$dir/folio.sqlite" \
        --content "$FOLIO_ROOT/Content" --public "$FOLIO_ROOT/Public" \
        --migrations "$FOLIO_ROOT/Migrations" \
        </dev/null >"$dir/server.stdout" 2>"$dir/server.stderr" &
    FOLIO_PID=$!
    printf '%s\n' "$FOLIO_PID" >"$dir/server.pid"
    deadline=$((SECONDS + ${FOLIO_START_TIMEOUT:-60}))
    while ((SECONDS < deadline)); do
        if [[ -s "$dir/server.stderr" ]] && (($(wc -l <"$dir/server.stderr") >= 1)); then
            line=$(head -n 1 "$dir/server.stderr")
            break
        fi
        if ! kill -0 "$FOLIO_PID" 2>/dev/null; then
            log "folio exited before printing its listening line; stderr:"
            tail -n 40 "$dir/server.stderr" >&2
            return 1
        fi
        sleep 0.05
    done
    if [[ ! "$line" =~ ^listening\ on\ (http://127\.0\.0\.1:[0-9]+)$ ]]; then
        log "expected first stderr line 'listening on http://127.0.0.1:PORT', got: '${line}'"
        return 1
    fi
    FOLIO_URL=${BASH_REMATCH[1]}
    printf '%s\n' "$FOLIO_URL" >"$dir/server.url"
    while ((SECONDS < deadline)); do
        if curl -fsS --max-time 2 -o /dev/null "$FOLIO_URL/healthz" 2>/dev/null; then
            log "folio is up at $FOLIO_URL (pid $FOLIO_PID)"
            return 0
        fi
        kill -0 "$FOLIO_PID" 2>/dev/null || break
        sleep 0.1
    done
    log "folio did not answer 200 on $FOLIO_URL/healthz; stderr:"
    tail -n 40 "$dir/server.stderr" >&2
    return 1
}

# folio_stop PID [GRACE_SECONDS]: SIGTERM, wait, SIGKILL if still running. Returns the exit
# status of the server (0 after a graceful shutdown), or 124 when it had to be killed.
folio_stop() {
    local pid=$1 grace=${2:-15} i rc
    kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null; return $?; }
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < grace * 10; i++)); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        log "pid $pid did not exit ${grace}s after SIGTERM; sending SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        return 124
    fi
    rc=0
    wait "$pid" 2>/dev/null || rc=$?
    return "$rc"
}

# A free TCP port on 127.0.0.1 (the kernel picks it; a tiny race is acceptable for local tools).
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# ensure_server DIR: uses the running server named by $FOLIO_URL (as scripts/test.sh exports it);
# otherwise builds and starts one in DIR for the calling script and stops it when that script exits.
ensure_server() {
    [[ -n "${FOLIO_URL:-}" ]] && return 0
    if [[ -z "${FOLIO_BIN:-}" ]]; then
        (cd "$FOLIO_ROOT" && swift build --product folio) || return 1
    fi
    folio_start "$(folio_bin debug)" "$1" || return 1
    trap 'folio_stop "$FOLIO_PID" 10 || true' EXIT
    export FOLIO_URL FOLIO_ADMIN_TOKEN
}

# Runs a command with stderr merged into stdout, minus gold's harmless flood of
# "Cannot export local symbol '__asan_…'" warnings in sanitizer links; keeps the exit status.
without_gold_noise() {
    "$@" 2>&1 | { grep -v "ld.gold: warning: Cannot export local symbol" || true; }
    return "${PIPESTATUS[0]}"
}

# discover_checkpoint URL LANG: the first checkpoint id that /LANG/chapters/1 posts attempts to
# (an /api/v1/LANG/checkpoints/ID/attempts URL in the page), or $FOLIO_CHECKPOINT_ID when set.
discover_checkpoint() {
    if [[ -n "${FOLIO_CHECKPOINT_ID:-}" ]]; then
        printf '%s\n' "$FOLIO_CHECKPOINT_ID"
        return 0
    fi
    curl -fsS --max-time 10 "$1/$2/chapters/1" |
        grep -oE "/api/v1/$2/checkpoints/[^/\"' ]+/attempts" | head -n 1 | cut -d/ -f6
}
