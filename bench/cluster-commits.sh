#!/usr/bin/env bash
# Two Folio nodes on one PostgreSQL, loaded directly (no nginx: one wrk per node, 32 connections each),
# reporting attempts/s, p99 and PostgreSQL transactions per stored attempt (pg_stat_database.xact_commit:
# the token reads count one each, the attempts' group commits one per batch). For A/B runs of two binaries
# on a busy machine, where bench/cluster.sh's nginx and the SQLite run add noise.
#   bench/cluster-commits.sh BINARY            FOLIO_BENCH_SECONDS (default 15); FOLIO_DATABASE_* are passed on
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bin="${1:?usage: bench/cluster-commits.sh BINARY}"
seconds="${FOLIO_BENCH_SECONDS:-15}"
work="$(mktemp -d /tmp/folio-commits-bench.XXXXXX)"
chmod 755 "$work"
export FOLIO_PG_DIR="$work/pg" FOLIO_ADMIN_TOKEN="bench-cluster-admin-token-0123456789"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    scripts/postgres.sh stop >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

url="$(scripts/postgres.sh start)"
for node in a b; do
    "$bin" serve --host 127.0.0.1 --port 0 --content Content --public Public --migrations Migrations \
        --trust-proxy --access-log off --database-url "$url" >/dev/null 2>"$work/$node.stderr" &
    pids+=($!)
done
ports=()
for node in a b; do
    port=""
    for _ in $(seq 1 600); do
        port="$(head -n 1 "$work/$node.stderr" 2>/dev/null | sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p')"
        [[ -n "$port" ]] && break
        sleep 0.1
    done
    [[ -n "$port" ]] || { cat "$work/$node.stderr" >&2; exit 1; }
    ports+=("$port")
done
python3 bench/learners.py --url "http://127.0.0.1:${ports[0]}" --count 2000 --out "$work/tokens.txt" >&2
commits() { psql "$url" -X -At -c "SELECT xact_commit FROM pg_stat_database WHERE datname = 'folio'"; }
stored() { psql "$url" -X -At -c "SELECT count(*) FROM attempts"; }
before_commits="$(commits)"
before_stored="$(stored)"
wrks=()
for index in 0 1; do
    FOLIO_BENCH_TOKENS="$work/tokens.txt" FOLIO_BENCH_ANSWER="in alto e in basso" \
        wrk -t1 -c32 -d"${seconds}s" --latency -s bench/attempts.lua \
        "http://127.0.0.1:${ports[$index]}/api/v1/it/checkpoints/ch0-q1/attempts" >"$work/wrk-$index.txt" 2>&1 &
    wrks+=($!)
done
wait "${wrks[@]}"
transactions=$(($(commits) - before_commits))
attempts=$(($(stored) - before_stored))
printf '%s: load %s\n' "$bin" "$(cut -d' ' -f1-3 /proc/loadavg)"
for index in 0 1; do
    printf 'node %s: %s/s, p99 %s, %s\n' "$index" \
        "$(awk '/Requests\/sec/ {print $2}' "$work/wrk-$index.txt")" \
        "$(awk '$1 == "99%" {print $2}' "$work/wrk-$index.txt")" \
        "$(grep '^attempts:' "$work/wrk-$index.txt")"
done
awk -v t="$transactions" -v a="$attempts" 'BEGIN { printf "attempts stored: %d, transactions: %d (%.2f per attempt)\n", a, t, t / a }'
