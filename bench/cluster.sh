#!/usr/bin/env bash
# Durable graded attempts per second: two Folio nodes on one PostgreSQL behind nginx (round robin),
# against the same workload on one node with SQLite behind the same nginx. Results in bench/RESULTS.md.
#   bench/cluster.sh                      FOLIO_BIN (default .build/release/folio), 20 s per run
#   FOLIO_BENCH_SECONDS=30 FOLIO_BENCH_CONNECTIONS=64 bench/cluster.sh
#   FOLIO_BENCH_ENGINES=postgresql bench/cluster.sh          only one of sqlite, postgresql
# Every 200 is an attempt committed before the answer: SQLite in WAL with synchronous=FULL (group
# commit), PostgreSQL with synchronous_commit=on and fsync=on (scripts/postgres.sh). The workload: wrk
# (bench/attempts.lua) posting one graded answer to ch0-q1 per request, spread over 2,000 learners made
# through the API (bench/learners.py), so the per-learner attempt limit does not decide the figure.
# Only 127.0.0.1 is targeted; everything started here is stopped on exit.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bin="${FOLIO_BIN:-$root/.build/release/folio}"
seconds="${FOLIO_BENCH_SECONDS:-20}"
connections="${FOLIO_BENCH_CONNECTIONS:-64}"
learners="${FOLIO_BENCH_LEARNERS:-2000}"
engines="${FOLIO_BENCH_ENGINES:-sqlite postgresql}"
[[ -x "$bin" ]] || { echo "no folio at $bin (swift build -c release)" >&2; exit 1; }
for tool in wrk nginx psql; do
    command -v "$tool" >/dev/null || { echo "needs $tool (scripts/install-deps.sh --all)" >&2; exit 1; }
done

work="$(mktemp -d /tmp/folio-cluster-bench.XXXXXX)"
chmod 755 "$work"
export FOLIO_PG_DIR="$work/pg" FOLIO_PG_PORT="${FOLIO_BENCH_PG_PORT:-55434}"
export FOLIO_ADMIN_TOKEN="bench-cluster-admin-token-0123456789"
pids=()
nginx_pid=""
cleanup() {
    if [[ -n "$nginx_pid" ]]; then kill "$nginx_pid" 2>/dev/null || true; fi
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    scripts/postgres.sh stop >/dev/null 2>&1 || true
    [[ -n "${FOLIO_BENCH_KEEP:-}" ]] || rm -rf "$work"
}
trap cleanup EXIT

log() { printf '[bench-cluster] %s\n' "$*" >&2; }

# start_node NAME ARGS...: folio serve on a free port; sets $port (no subshell: $pids must keep the pid).
start_node() {
    local name="$1"
    shift
    "$bin" serve --host 127.0.0.1 --port 0 --content Content --public Public --migrations Migrations \
        --trust-proxy --access-log off "$@" >/dev/null 2>"$work/$name.stderr" &
    pids+=($!)
    port=""
    for _ in $(seq 1 600); do
        port="$(head -n 1 "$work/$name.stderr" 2>/dev/null | sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p')"
        [[ -n "$port" ]] && break
        sleep 0.1
    done
    [[ -n "$port" ]] || { cat "$work/$name.stderr" >&2; exit 1; }
}

# balance PORT...: nginx round robin over the given ports; sets $port to nginx's.
balance() {
    local servers=""
    for upstream in "$@"; do servers+="        server 127.0.0.1:$upstream;"$'\n'; done
    mkdir -p "$work/nginx/tmp"
    port=$((FOLIO_PG_PORT + 1000))
    cat >"$work/nginx/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/nginx/tmp;
    proxy_temp_path $work/nginx/tmp;
    fastcgi_temp_path $work/nginx/tmp;
    uwsgi_temp_path $work/nginx/tmp;
    scgi_temp_path $work/nginx/tmp;
    upstream folio {
$servers        keepalive 128;
    }
    server {
        listen 127.0.0.1:$port backlog=4096;
        location / {
            proxy_pass http://folio;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header X-Forwarded-For \$remote_addr;
        }
    }
}
EOF
    nginx -c "$work/nginx/nginx.conf" -p "$work/nginx" >/dev/null 2>&1 &
    nginx_pid=$!
    for _ in $(seq 1 100); do
        curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
        sleep 0.1
    done
}

stop_all() {
    kill "$nginx_pid" 2>/dev/null || true
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    nginx_pid=""
    pids=()
}

# measure NAME PORT: learners, then wrk for $seconds; prints wrk's summary lines.
measure() {
    local name="$1" port="$2"
    python3 bench/learners.py --url "http://127.0.0.1:$port" --count "$learners" --out "$work/tokens-$name.txt" >&2
    log "$name: wrk -t2 -c$connections -d${seconds}s --latency -s bench/attempts.lua (through nginx)"
    FOLIO_BENCH_TOKENS="$work/tokens-$name.txt" FOLIO_BENCH_ANSWER="in alto e in basso" \
        wrk -t2 -c"$connections" -d"${seconds}s" --latency -s bench/attempts.lua \
        "http://127.0.0.1:$port/api/v1/it/checkpoints/ch0-q1/attempts" >"$work/wrk-$name.txt" 2>&1
    printf '== %s\n' "$name"
    grep -E 'Requests/sec|^ +(50|99)%|Non-2xx|Socket errors|attempts:' "$work/wrk-$name.txt"
}

log "$(date -u '+%Y-%m-%dT%H:%M:%SZ') $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $bin"
if [[ " $engines " == *" sqlite "* ]]; then
    start_node sqlite --db "$work/bench.sqlite"
    balance "$port"
    measure "sqlite, 1 node" "$port"
    stop_all
    # The SQLite run leaves hundreds of MB dirty in the page cache; written back during the next run, they would
    # slow PostgreSQL's WAL flushes (every commit waits for one) and measure the disk's backlog, not PostgreSQL.
    rm -f "$work"/bench.sqlite*
    sync
fi

if [[ " $engines " == *" postgresql "* ]]; then
    url="$(scripts/postgres.sh start)"
    start_node pg-a --database-url "$url"
    a="$port"
    start_node pg-b --database-url "$url"
    balance "$a" "$port"
    measure "postgresql, 2 nodes" "$port"
    stored="$(psql "$url" -X -At -c 'SELECT count(*) FROM attempts')"
    printf 'attempts stored in PostgreSQL: %s\n' "$stored"
fi
log "done; load now $(cut -d' ' -f1-3 /proc/loadavg)"
