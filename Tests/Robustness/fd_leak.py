"""Descriptor leaks: after ~100,000 requests in every connection pattern, the server's descriptors are back.

A warm-up opens what the server opens lazily (database readers, the in-memory response files); the
descriptor table (/proc/PID/fd, by kind) is then the baseline. The load mixes
  - keep-alive connections pipelining batches of 16 requests (pages with gzip, static files, HEAD,
    If-None-Match → 304, 404s), closed by the client after 800 requests each;
  - one request per connection, closed by the server (`Connection: close`) or by the client after the answer;
  - aborted connections: reset right after connecting, reset after half a request, reset with a request
    whose (large) answer is never read, reset during a graded attempt (an async handler), a plain close
    without a byte, a keep-alive connection reset after one answer, a chunked upload cut off midway.
When the clients are gone, every socket must be closed again (the listener alone remains) and every other
kind of descriptor must be back to its baseline or within its pool's bound (database readers, one response
file per event loop). VmRSS and VmHWM are reported. The server runs with --access-log off (100k log lines
would only fill the output folder).
"""

import json
import os
import socket
import struct
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import harness  # noqa: E402

TOTAL_REQUESTS = 100_000
EVENT_LOOPS = 2
DATABASE_CONNECTIONS = 1 + 4  # the writer and the reader pool's capacity
KEEP_ALIVE_WORKERS = 3
NEW_CONNECTION_WORKERS = 2
ABORT_WORKERS = 2
BATCH = 16
RSS_BOUND_KB = 256 * 1024


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {}
        self.errors = []

    def add(self, kind, count=1):
        with self.lock:
            self.counts[kind] = self.counts.get(kind, 0) + count

    def error(self, message):
        with self.lock:
            self.errors.append(message)

    @property
    def total(self):
        with self.lock:
            return sum(self.counts.values())


def keep_alive_worker(port, counter, stop, etag):
    requests = [
        ("GET", "/healthz", {}, 200),
        ("GET", "/it/chapters/1", {"Accept-Encoding": "gzip"}, 200),
        ("GET", "/static/folio.css", {"Accept-Encoding": "gzip"}, 200),
        ("HEAD", "/it/chapters/2", {}, 200),
        ("GET", "/static/folio.css", {"If-None-Match": etag}, 304),
        ("GET", "/no/such/page", {}, 404),
        ("GET", "/ja/chapters/5", {}, 200),
        ("GET", "/api/v1/languages", {}, 200),
    ]
    batch = [requests[i % len(requests)] for i in range(BATCH)]
    payload = b"".join(harness.build_request(m, p, h) for m, p, h, _ in batch)
    while not stop.is_set():
        try:
            with harness.Connection(port, timeout=10) as connection:
                for _ in range(50):
                    if stop.is_set():
                        break
                    connection.send(payload)
                    for method, path, _, status in batch:
                        got = connection.read_response(head_only=method == "HEAD").status
                        if got != status:
                            counter.error(f"keep-alive {method} {path}: {got}, want {status}")
                    counter.add("keep-alive", BATCH)
        except (OSError, harness.ProtocolError) as error:
            counter.error(f"keep-alive: {type(error).__name__} {error}")
            time.sleep(0.1)


def new_connection_worker(port, counter, stop, index):
    source = f"127.0.2.{index + 1}"
    number = 0
    while not stop.is_set():
        number += 1
        server_closes = number % 2 == 0
        try:
            with harness.Connection(port, timeout=10, source=source) as connection:
                headers = {"Connection": "close"} if server_closes else None
                path = "/healthz" if number % 3 else "/it/chapters/3"
                status = connection.request("GET", path, headers).status
                if status != 200:
                    counter.error(f"new connection GET {path}: {status}")
            counter.add("closed by server" if server_closes else "closed by client")
        except (OSError, harness.ProtocolError) as error:
            counter.error(f"new connection: {type(error).__name__} {error}")
            time.sleep(0.1)


def reset(sock):
    """Closes with RST (SO_LINGER 0) instead of FIN."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def abort_worker(port, counter, stop, index, token):
    source = f"127.0.3.{index + 1}"
    attempt = json.dumps({"answer": "la larghezza va limitata, lo spazio in più va al livello successivo"})
    aborts = [
        ("reset at once", b"", False),
        ("reset after half a head", b"GET /it/chapters/1 HTTP/1.1\r\nHost: 127.", False),
        ("reset before reading a large page", harness.build_request("GET", "/ja/chapters/5"), False),
        ("reset during a graded attempt", harness.build_request(
            "POST", "/api/v1/it/checkpoints/ch1-q1/attempts",
            {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}, attempt), False),
        ("closed without a byte", b"", True),
        ("reset after one keep-alive answer", harness.build_request("GET", "/healthz"), "read"),
        ("chunked upload cut off", b"POST /api/v1/learners HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                   b"Transfer-Encoding: chunked\r\n\r\n400\r\n" + b"x" * 300, True),
    ]
    number = 0
    while not stop.is_set():
        name, payload, mode = aborts[number % len(aborts)]
        number += 1
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.settimeout(10)
            sock.setsockopt(socket.IPPROTO_IP, getattr(socket, "IP_BIND_ADDRESS_NO_PORT", 24), 1)
            sock.bind((source, 0))
            sock.connect(("127.0.0.1", port))
            if payload:
                sock.sendall(payload)
            if mode == "read":
                harness.Connection.adopting(sock).read_response()
            if mode is True:
                sock.close()
            else:
                reset(sock)
            counter.add(name)
        except (OSError, harness.ProtocolError) as error:
            counter.error(f"{name}: {type(error).__name__} {error}")
            time.sleep(0.1)


def warm_up(port, token):
    """Opens what the server opens lazily: every database reader (concurrent reads) and response files."""
    def reads():
        with harness.Connection(port, timeout=10) as connection:
            for _ in range(40):
                connection.request("GET", "/api/v1/me/attempts", {"Authorization": f"Bearer {token}"})
                connection.request("GET", "/ja/chapters/5")
    threads = [threading.Thread(target=reads, daemon=True) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)


def within_bounds(baseline, after):
    """The kinds of descriptor that grew past what their bounded pools allow, as (kind, before, after)."""
    grown = []
    for kind in set(baseline) | set(after):
        before, now = baseline.get(kind, 0), after.get(kind, 0)
        if kind.endswith((".sqlite", ".sqlite-wal")):
            allowed = DATABASE_CONNECTIONS
        elif kind.startswith("/memfd:"):
            allowed = EVENT_LOOPS
        else:
            allowed = before
        if now > max(before, allowed):
            grown.append((kind, before, now))
    return grown


def test(arguments, checks):
    harness.raise_descriptor_limit(4096)
    database = os.path.join(arguments.output, "fd.sqlite")
    extra = ["--access-log", "off", "--event-loops", str(EVENT_LOOPS)]
    with harness.Folio(arguments, database, name="fd", extra_arguments=extra) as server:
        server.start()
        with harness.Connection(server.port) as connection:
            created = connection.request("POST", "/api/v1/learners", {"Content-Type": "application/json"},
                                         json.dumps({"display_name": "fd", "language": "it"}))
            token = json.loads(created.body)["token"]
            etag = connection.request("GET", "/static/folio.css").header("etag")
        warm_up(server.port, token)
        time.sleep(0.5)
        baseline = server.descriptors()
        rss_before = server.status_field("VmRSS")
        print(f"baseline: {sum(baseline.values())} descriptors {dict(sorted(baseline.items()))}")
        print(f"baseline: VmRSS {rss_before} kB")

        counter = Counter()
        stop = threading.Event()
        workers = (
            [threading.Thread(target=keep_alive_worker, args=(server.port, counter, stop, etag), daemon=True)
             for _ in range(KEEP_ALIVE_WORKERS)]
            + [threading.Thread(target=new_connection_worker, args=(server.port, counter, stop, i), daemon=True)
               for i in range(NEW_CONNECTION_WORKERS)]
            + [threading.Thread(target=abort_worker, args=(server.port, counter, stop, i, token), daemon=True)
               for i in range(ABORT_WORKERS)])
        started = time.monotonic()
        for worker in workers:
            worker.start()
        peak_descriptors = 0
        while counter.total < TOTAL_REQUESTS and time.monotonic() - started < 50 and server.alive():
            time.sleep(0.25)
            try:
                peak_descriptors = max(peak_descriptors, sum(server.descriptors().values()))
            except OSError:
                pass
        stop.set()
        for worker in workers:
            worker.join(15)
        elapsed = time.monotonic() - started
        checks.expect(server.alive(), "the server died under the load")
        print(f"load: {counter.total} requests/connections in {elapsed:.1f} s "
              f"({counter.total / elapsed:.0f}/s); peak {peak_descriptors} descriptors")
        for kind, count in sorted(counter.counts.items()):
            print(f"  {kind:<36} {count}")
        checks.expect(counter.total >= TOTAL_REQUESTS, f"only {counter.total} of {TOTAL_REQUESTS} requests were made "
                                                       f"in 50 s")
        checks.expect(not counter.errors, f"{len(counter.errors)} client errors, e.g. {counter.errors[:5]}")

        # Lingering closes end within the 2 s linger timeout; idle keep-alives are all closed by the clients.
        deadline = time.monotonic() + 10
        while True:
            after = server.descriptors()
            grown = within_bounds(baseline, after)
            if (not grown and after.get("socket", 0) == baseline.get("socket", 0)) or time.monotonic() > deadline:
                break
            time.sleep(0.25)
        settled = time.monotonic() - deadline + 10
        rss_after, peak = server.status_field("VmRSS"), server.status_field("VmHWM")
        print(f"after:    {sum(after.values())} descriptors {dict(sorted(after.items()))} ({settled:.1f} s after "
              f"the clients stopped)")
        print(f"after:    VmRSS {rss_after} kB, VmHWM {peak} kB")
        checks.expect(after.get("socket", 0) == baseline.get("socket", 0),
                      f"sockets: {baseline.get('socket', 0)} at the baseline, {after.get('socket', 0)} after the load")
        checks.expect(not grown, f"descriptor kinds grew past their bounds: {grown}")
        checks.expect(peak is not None and peak < RSS_BOUND_KB, f"VmHWM {peak} kB over {RSS_BOUND_KB} kB")
        response = harness.get(server.port, "/healthz")
        checks.expect(response.status == 200, f"/healthz after the load: {response.status}")
        status = server.stop()
        checks.expect(status == 0, f"SIGTERM after the load: exit status {status}, want 0")


if __name__ == "__main__":
    harness.run("fd_leak", test, time_limit=100)
