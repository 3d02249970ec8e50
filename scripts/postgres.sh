#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: initdb in a temporary directory, run by an unprivileged user,
# listening on a loopback port (and a socket in the same directory). Nothing outside that directory changes.
#   scripts/postgres.sh start   initdb + start; prints the URL (postgres://folio@127.0.0.1:PORT/folio)
#   scripts/postgres.sh url     prints the URL of the running cluster
#   scripts/postgres.sh stop    stops the cluster and removes its directory
# FOLIO_PG_DIR (default /tmp/folio-pg) holds the cluster; it must be reachable by the unprivileged user
# (a directory under /tmp is). FOLIO_PG_PORT fixes the port; by default the first free one from 55432.
set -euo pipefail

dir="${FOLIO_PG_DIR:-/tmp/folio-pg}"
bin="${FOLIO_PG_BIN:-$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)}"

die() { printf 'postgres.sh: %s\n' "$*" >&2; exit 1; }
[[ -x "$bin/initdb" ]] || die "no PostgreSQL server binaries (apt-get install postgresql)"

# A port nothing answers on from $1 (default 55432): bash's /dev/tcp fails to connect.
free_port() {
    local port
    for port in $(seq "${1:-55432}" 55532); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            printf '%s\n' "$port"
            return 0
        fi
    done
    die "no free port in 55432-55532"
}

url_of() { printf 'postgres://folio@127.0.0.1:%s/folio\n' "$(cat "$dir/port")"; }

# The server refuses to run as root: run it as `postgres` (Debian's package creates it) or `nobody`.
as_user() {
    if ((EUID != 0)); then
        "$@"
    elif id postgres >/dev/null 2>&1; then
        runuser -u postgres -- "$@"
    else
        runuser -u nobody -- "$@"
    fi
}

case "${1:-}" in
    start)
        if [[ -f "$dir/data/postmaster.pid" ]] && as_user "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
            url_of
            exit 0
        fi
        rm -rf "$dir"
        mkdir -p "$dir"
        chmod 777 "$dir"
        port="${FOLIO_PG_PORT:-$(free_port)}"
        as_user "$bin/initdb" -D "$dir/data" -U folio --auth=trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 \
            || { cat "$dir/initdb.log" >&2; die "initdb failed"; }
        # A port can be taken between the probe and the bind (a lingering cluster, another test run
        # starting at once): then the next free port is tried.
        for attempt in $(seq 1 10); do
            printf '%s\n' "$port" >"$dir/port"
            rm -f "$dir/pg.log"
            # -l: without a log file the server keeps pg_ctl's stdout open and a caller capturing it hangs.
            if as_user "$bin/pg_ctl" -D "$dir/data" -l "$dir/pg.log" -w -t 60 \
                -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300" start >/dev/null; then
                break
            fi
            if ((attempt < 10)) && grep -qE 'Address already in use|could not bind|could not create any TCP/IP sockets' \
                "$dir/pg.log" 2>/dev/null; then
                printf 'postgres.sh: port %s is taken, trying the next free one\n' "$port" >&2
                port="$(free_port $((port + 1)))"
                continue
            fi
            cat "$dir/pg.log" >&2
            die "the server did not start"
        done
        "$bin/createdb" -h 127.0.0.1 -p "$port" -U folio folio
        url_of
        ;;
    url)
        [[ -f "$dir/data/postmaster.pid" ]] || die "no cluster running in $dir (scripts/postgres.sh start)"
        url_of
        ;;
    stop)
        if [[ -d "$dir/data" ]]; then
            as_user "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
        fi
        rm -rf "$dir"
        ;;
    *)
        echo "usage: $0 start|stop|url" >&2
        exit 2
        ;;
esac
