#!/usr/bin/env bash
# Folio against nginx on loopback, in one run, serving the same bytes (issue 8's targets).
#
#   bench/run.sh                      release build of folio, then every scenario (~6 minutes)
#   bench/run.sh --nginx-only FILE    nginx alone, FILE standing in for the chapter page
#
# Scenarios (wrk -t2 -c64 -d10s --latency, keep-alive unless said): chapter page identity and
# gzip, CSS, chapter page with Connection: close, chapter page while 2,000 idle keep-alive
# connections are held open (bench/idle.py); Folio only: /healthz, POST attempts spread over 4,000
# learners made through the API (bench/learners.py, bench/attempts.lua),
# start-up to first served request (bench/startup.py), full content reloads while a reader fetches the
# page (bench/reload.py), RSS (VmRSS/VmHWM) and open fds per phase.
# nginx gets its own config (bench/nginx.conf.template, filled into a temp dir) and serves the
# bytes fetched from folio at the start, identity and gzip (gzip_static). Raw outputs and the
# table: bench/out/<UTC time>/ (bench/out/latest). Loopback only; every load is bounded in time.
# The page and CSS scenarios run FOLIO_BENCH_ROUNDS times (default 3), the two servers alternating.
# Env: FOLIO_BIN (skip the build), FOLIO_BENCH_DURATION (10s), FOLIO_BENCH_ROUNDS (3), FOLIO_BENCH_IDLE (2000),
# FOLIO_BENCH_LEARNERS (4000), FOLIO_BENCH_LOGS (off; `on`: both servers log every request to a file as
# each ships: Folio its default access log on stderr, which folio_start sends to a file, nginx
# `access_log FILE;`).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
cd "$FOLIO_ROOT"

nginx_only=""
if [[ "${1:-}" == --nginx-only ]]; then
    nginx_only=${2:?usage: bench/run.sh --nginx-only FILE}
    [[ -f "$nginx_only" ]] || die "no such file: $nginx_only"
elif (($# > 0)); then
    sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
for tool in wrk nginx curl python3; do
    command -v "$tool" >/dev/null || die "$tool is missing: scripts/install-deps.sh --all"
done

duration=${FOLIO_BENCH_DURATION:-10s}
rounds=${FOLIO_BENCH_ROUNDS:-3}
idle_conns=${FOLIO_BENCH_IDLE:-2000}
page=/it/chapters/1
css=/static/folio.css
stamp=$(date -u +%Y%m%dT%H%M%SZ)
out="$FOLIO_ROOT/bench/out/$stamp"
mkdir -p "$out"
ln -sfn "$stamp" "$FOLIO_ROOT/bench/out/latest"
work=$(mktemp -d "${TMPDIR:-/tmp}/folio-bench.XXXXXX")
chmod 755 "$work" # nginx workers (nobody when started as root) read the root below
FOLIO_PID=""
NGINX_PID=""
IDLE_PID=""

cleanup() {
    [[ -n "$IDLE_PID" ]] && kill "$IDLE_PID" 2>/dev/null
    [[ -n "$NGINX_PID" ]] && { kill -QUIT "$NGINX_PID" 2>/dev/null; wait "$NGINX_PID" 2>/dev/null; }
    [[ -n "$FOLIO_PID" ]] && folio_stop "$FOLIO_PID" 10
    rm -rf "$work"
}
trap 'cleanup || true' EXIT
trap 'exit 130' INT TERM

# 2,000 idle connections plus wrk's need more descriptors than the usual soft limit of 1,024.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

{
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "nproc: $(nproc)"
    echo "cpu: $(lscpu | sed -n 's/^Model name: *//p')"
    echo "memory: $(free -h | awk '/^Mem:/ {print $2}')"
    echo "kernel: $(uname -r)"
    echo "nginx: $(nginx -v 2>&1 | sed 's/^nginx version: //')"
    echo "wrk: $(wrk -v 2>&1 | head -n 1 | awk '{print $2}')"
    echo "swift: $(swift --version 2>&1 | head -n 1)"
    echo "command: wrk -t2 -c64 -d$duration --latency (keep-alive unless noted), both servers on 127.0.0.1, sharing the 2 cores with wrk"
} | tee "$out/machine.txt"

proc_sample() { # phase: VmRSS, VmHWM and fd count of folio
    [[ -n "$FOLIO_PID" ]] || return 0
    local rss hwm fds
    rss=$(awk '/^VmRSS:/ {printf "%.1f MB", $2 / 1024}' "/proc/$FOLIO_PID/status")
    hwm=$(awk '/^VmHWM:/ {printf "%.1f MB", $2 / 1024}' "/proc/$FOLIO_PID/status")
    fds=$(find "/proc/$FOLIO_PID/fd" -mindepth 1 -maxdepth 1 | wc -l)
    printf '%s: %s, %s, %s fds\n' "$1" "$rss" "$hwm" "$fds" | tee -a "$out/proc-folio.txt"
}

# ---- folio -----------------------------------------------------------------------------
root="$work/nginx/root"
mkdir -p "$root${page%/*}" "$root${css%/*}" "$work/nginx/tmp"
if [[ -z "$nginx_only" ]]; then
    if [[ -z "${FOLIO_BIN:-}" ]]; then
        banner "release build"
        swift build -c release --product folio
    fi
    bin=$(folio_bin release)
    banner "start folio"
    if [[ "${FOLIO_BENCH_LOGS:-off}" == on ]]; then
        export FOLIO_ACCESS_LOG=on # as shipped: one line per request on stderr, a file here ($work/folio)
    else
        # Like nginx's `access_log off` in the generated config: neither server writes a line per request.
        export FOLIO_ACCESS_LOG=off
    fi
    folio_start "$bin" "$work/folio"
    proc_sample "after start"
    # The bytes nginx will serve: exactly what folio sends, identity and gzip.
    for path in "$page" "$css"; do
        curl -fsS "$FOLIO_URL$path" -o "$root$path"
        encoding=$(curl -fsS -H 'Accept-Encoding: gzip' -D - -o "$root$path.gz" "$FOLIO_URL$path" |
            tr -d '\r' | awk -F': ' 'tolower($1) == "content-encoding" {print $2}')
        if [[ "$encoding" != gzip ]]; then
            log "note: folio sent $path without gzip to a client that accepts it; nginx serves identity too"
            rm -f "$root$path.gz"
        fi
    done
    if [[ -f Public/folio.css ]] && ! cmp -s Public/folio.css "$root$css"; then
        log "note: folio's $css differs from Public/folio.css (nginx serves folio's bytes)"
    fi
else
    cp "$nginx_only" "$root$page"
    if [[ -f Public/folio.css ]]; then cp Public/folio.css "$root$css"; else head -c 4096 "$nginx_only" >"$root$css"; fi
    for path in "$page" "$css"; do gzip -6 -n -k "$root$path"; done
fi
chmod -R a+rX "$work/nginx"
for f in "$root$page" "$root$page.gz" "$root$css" "$root$css.gz"; do
    [[ -f "$f" ]] || continue
    printf '%s bytes  %s\n' "$(stat -c %s "$f")" "${f#"$root"}"
done | tee "$out/files.txt"

# ---- nginx -----------------------------------------------------------------------------
banner "start nginx"
nginx_port=$(free_port)
nginx_log=off
[[ "${FOLIO_BENCH_LOGS:-off}" == on ]] && nginx_log="$work/nginx/access.log"
sed -e "s|@DIR@|$work/nginx|g" -e "s|@PORT@|$nginx_port|g" -e "s|@ACCESS_LOG@|$nginx_log|g" \
    bench/nginx.conf.template >"$work/nginx/nginx.conf"
cp "$work/nginx/nginx.conf" "$out/nginx.conf"
nginx -p "$work/nginx" -e "$work/nginx/nginx-error.log" -c "$work/nginx/nginx.conf" -t -q
nginx -p "$work/nginx" -e "$work/nginx/nginx-error.log" -c "$work/nginx/nginx.conf" &
NGINX_PID=$!
NGINX_URL="http://127.0.0.1:$nginx_port"
for _ in $(seq 100); do
    curl -fsS -o /dev/null "$NGINX_URL$css" 2>/dev/null && break
    sleep 0.05
done
curl -fsS -o /dev/null "$NGINX_URL$css" || die "nginx did not serve $css; see $work/nginx/nginx-error.log"
log "nginx $(nginx -v 2>&1 | cut -d/ -f2) is up at $NGINX_URL (pid $NGINX_PID)"

if [[ -n "${FOLIO_URL:-}" && -z "$nginx_only" ]]; then
    for enc in identity gzip; do
        for path in "$page" "$css"; do
            a=$(curl -fsS -H "Accept-Encoding: $enc" "$FOLIO_URL$path" | sha256sum)
            b=$(curl -fsS -H "Accept-Encoding: $enc" "$NGINX_URL$path" | sha256sum)
            [[ "$a" == "$b" ]] && same=same || same=DIFFERENT
            echo "bytes of $path ($enc): $same" | tee -a "$out/files.txt"
        done
    done
fi

# ---- load ------------------------------------------------------------------------------
run_wrk() { # scenario server url [wrk args]
    local scenario=$1 server=$2 url=$3
    shift 3
    log "--- $scenario on $server: wrk -t2 -c64 -d$duration --latency $* $url"
    wrk -t2 -c64 -d"$duration" --latency "$@" "$url" >"$out/wrk-$scenario-$server.txt" 2>&1 || true
    grep -E 'Requests/sec|^ +99%|Non-2xx|Socket errors|attempts:' "$out/wrk-$scenario-$server.txt" >&2 || true
}
servers=()
[[ -z "$nginx_only" ]] && servers+=(folio)
servers+=(nginx)
url_of() { if [[ "$1" == folio ]]; then echo "$FOLIO_URL"; else echo "$NGINX_URL"; fi; }

banner "keep-alive and new-connection runs, $rounds rounds, the servers alternating"
# Each scenario runs on both servers back to back, the first server swapping every round, so a slow
# minute on the shared machine hits both; report.py takes the median of the per-round ratios.
for round in $(seq "$rounds"); do
    order=("${servers[@]}")
    ((round % 2 == 0 && ${#servers[@]} == 2)) && order=("${servers[1]}" "${servers[0]}")
    for scenario in page page-gzip css page-close; do
        for server in "${order[@]}"; do
            base=$(url_of "$server")
            case $scenario in
            page) run_wrk "page-r$round" "$server" "$base$page" ;;
            page-gzip) run_wrk "page-gzip-r$round" "$server" "$base$page" -H 'Accept-Encoding: gzip' ;;
            css) run_wrk "css-r$round" "$server" "$base$css" ;;
            page-close) run_wrk "page-close-r$round" "$server" "$base$page" -H 'Connection: close' ;;
            esac
        done
    done
done
proc_sample "after keep-alive runs"

if [[ -z "$nginx_only" ]]; then
    run_wrk healthz folio "$FOLIO_URL/healthz"
    checkpoint=$(discover_checkpoint "$FOLIO_URL" it || true)
    if [[ -n "$checkpoint" ]]; then
        python3 bench/learners.py --url "$FOLIO_URL" --count "${FOLIO_BENCH_LEARNERS:-4000}" --out "$work/tokens.txt" ||
            log "no learners made: attempts go anonymous, so the per-address rate limit will answer most of them"
        FOLIO_BENCH_TOKENS="$work/tokens.txt" \
            run_wrk attempts folio "$FOLIO_URL/api/v1/it/checkpoints/$checkpoint/attempts" -s bench/attempts.lua
    else
        log "no checkpoint id found in $page (set FOLIO_CHECKPOINT_ID): attempts run skipped"
    fi
    proc_sample "after attempts"
fi

banner "$idle_conns idle keep-alive connections held during a page run"
hold=$((${duration%s} + 5))
for server in "${servers[@]}"; do
    base=$(url_of "$server")
    python3 bench/idle.py --url "$base" --path "$css" --connections "$idle_conns" --hold "$hold" >"$out/idle-$server.txt" 2>&1 &
    IDLE_PID=$!
    for _ in $(seq 600); do
        grep -q '^ready' "$out/idle-$server.txt" && break
        kill -0 "$IDLE_PID" 2>/dev/null || break
        sleep 0.1
    done
    log "$server: $(head -n 1 "$out/idle-$server.txt") idle connections open"
    run_wrk idle "$server" "$base$page"
    [[ "$server" == folio ]] && proc_sample "with $idle_conns idle connections"
    wait "$IDLE_PID" || true
    IDLE_PID=""
    tail -n 1 "$out/idle-$server.txt" >"$out/idle-$server.json"
    cat "$out/idle-$server.json" >&2
done

if [[ -z "$nginx_only" ]]; then
    sleep 2
    proc_sample "at the end (idle clients gone)"
    banner "full content reload while a reader fetches the page"
    python3 bench/reload.py --url "$FOLIO_URL" --token "$FOLIO_ADMIN_TOKEN" --path "$page" | tee "$out/reload.json"
    banner "start-up to first served request"
    FOLIO_DB="$work/startup.sqlite" FOLIO_MIGRATIONS="$FOLIO_ROOT/Migrations" "$bin" migrate
    python3 bench/startup.py --bin "$bin" --db "$work/startup.sqlite" --path "$page" | tee "$out/startup.json"
fi

if [[ "${FOLIO_BENCH_LOGS:-off}" == on ]]; then
    # Evidence that both logged every request: lines written and bytes on disk, per server.
    for f in "$work/folio/server.stderr" "$work/nginx/access.log"; do
        [[ -f "$f" ]] && printf '%s lines  %s bytes  %s\n' "$(wc -l <"$f")" "$(stat -c %s "$f")" "${f#"$work"/}"
    done | tee "$out/logs.txt"
fi

banner "results (${out#"$FOLIO_ROOT"/}/summary.md)"
cat "$out/machine.txt"
python3 bench/report.py "$out"
