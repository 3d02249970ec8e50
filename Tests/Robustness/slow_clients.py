"""Slow and greedy clients: slowloris, clients that never read, and the connection cap.

Phase 1, a server with the default limits, for ATTACK_SECONDS:
  - 500 slowloris connections each send one byte of an endless header block per second; whenever the server
    drops one, another is opened, so 500 stay open. Each must be answered 408 (or closed) once the header
    read timeout (10 s) has passed, within a generous bound.
  - GREEDY clients each pipeline requests for a 32 KB page and never read a byte of the answers.
  - meanwhile normal clients keep fetching /healthz and a chapter page (new connection or keep-alive): every
    request must be answered 200 within 2 s. Their p50/p99 latency is printed (no tight timing assertion).
Phase 2, a server started with --max-connections 64: 64 kept-alive connections fill the cap; each further
connection gets 503 or is closed (never served, never a crash), also under a burst of 600; once the 64 close,
64 new concurrent connections are all served again (the cap's count did not leak).
Phase 3, a server whose hard descriptor limit (1,024) is below what the default cap needs: connections past
what fits get 503 or a close, none is left unanswered (the cap is lowered to fit the limit).
"""

import os
import selectors
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import harness  # noqa: E402

SLOWLORIS = 500
GREEDY = 4
GREEDY_REQUESTS = 400
ATTACK_SECONDS = 14
NORMAL_CLIENTS = 4
NORMAL_TIMEOUT = 2.0
HEADER_READ_TIMEOUT = 10.0
CAP = 64
BURST = 600
DESCRIPTOR_LIMIT = 1024
SLOW_PREFIX = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


class Slowloris:
    """Keeps `count` connections sending one header byte per second; records how the server ends each."""

    def __init__(self, port, count):
        self.port = port
        self.count = count
        self.selector = selectors.DefaultSelector()
        self.sockets = {}  # socket -> [opened at, bytes sent, received bytes]
        self.endings = []  # (seconds open, first line received or None)
        self.open_failures = 0
        self.peak_open = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def open_one(self):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.connect(("127.0.0.1", self.port))
        except BlockingIOError:
            pass
        except OSError:
            self.open_failures += 1
            sock.close()
            return
        self.sockets[sock] = [time.monotonic(), 0, b""]
        self.selector.register(sock, selectors.EVENT_READ)

    def end(self, sock, now):
        opened, _, received = self.sockets.pop(sock)
        self.selector.unregister(sock)
        sock.close()
        first_line = received.split(b"\r\n", 1)[0].decode("latin-1") if received else None
        self.endings.append((now - opened, first_line))

    def run(self):
        next_tick = time.monotonic()
        while not self.stop.is_set():
            while len(self.sockets) < self.count:
                self.open_one()
            self.peak_open = max(self.peak_open, len(self.sockets))
            now = time.monotonic()
            if now >= next_tick:
                next_tick = now + 1.0
                for sock, state in list(self.sockets.items()):
                    if state[2]:
                        continue  # answered: stop sending, wait for the close
                    byte = SLOW_PREFIX[state[1]:state[1] + 1] or b"a"
                    try:
                        sock.send(byte)
                        state[1] += 1
                    except BlockingIOError:
                        pass
                    except OSError:
                        self.end(sock, now)
            for key, _ in self.selector.select(timeout=max(0.0, min(0.2, next_tick - time.monotonic()))):
                sock = key.fileobj
                try:
                    data = sock.recv(4096)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if data:
                    self.sockets[sock][2] += data
                else:
                    self.end(sock, time.monotonic())

    def close_all(self):
        self.stop.set()
        self.thread.join(10)
        for sock in list(self.sockets):
            self.selector.unregister(sock)
            sock.close()
        self.sockets.clear()
        self.selector.close()


def greedy_client(port, path, requests, sockets):
    """Pipelines `requests` GETs and never reads; the socket is kept for the caller to close."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sockets.append(sock)
    payload = harness.build_request("GET", path) * requests
    sock.setblocking(False)
    sent = 0
    deadline = time.monotonic() + 5
    while sent < len(payload) and time.monotonic() < deadline:
        try:
            sent += sock.send(payload[sent:])
        except BlockingIOError:
            time.sleep(0.05)  # the server stopped reading us: exactly what should happen
        except OSError:
            break
    return sent


def normal_client(port, paths, stop, latencies, failures, keep_alive):
    """Fetches `paths` in turn until `stop`; records each latency or failure."""
    connection = None
    index = 0
    while not stop.is_set():
        path = paths[index % len(paths)]
        index += 1
        started = time.monotonic()
        try:
            if connection is None:
                connection = harness.Connection(port, timeout=NORMAL_TIMEOUT)
            response = connection.request("GET", path, None if keep_alive else {"Connection": "close"})
            elapsed = time.monotonic() - started
            if response.status != 200:
                failures.append(f"GET {path}: {response.status}")
            elif elapsed > NORMAL_TIMEOUT:
                failures.append(f"GET {path}: answered after {elapsed:.2f} s")
            else:
                latencies.append(elapsed)
        except (OSError, harness.ProtocolError) as error:
            failures.append(f"GET {path}: {type(error).__name__} {error} after {time.monotonic() - started:.2f} s")
        if not keep_alive and connection is not None:
            connection.close()
            connection = None
        time.sleep(0.01)
    if connection is not None:
        connection.close()


def attack_phase(arguments, checks):
    database = os.path.join(arguments.output, "slow.sqlite")
    with harness.Folio(arguments, database, name="slow") as server:
        server.start()
        print(f"phase 1: server pid {server.pid}, baseline VmRSS {server.status_field('VmRSS')} kB")
        slowloris = Slowloris(server.port, SLOWLORIS)
        greedy_sockets = []
        stop = threading.Event()
        latencies, failures = [], []
        normal = [
            threading.Thread(target=normal_client,
                             args=(server.port, ["/healthz", "/it/chapters/1"], stop, latencies, failures,
                                   index % 2 == 0), daemon=True)
            for index in range(NORMAL_CLIENTS)
        ]
        try:
            slowloris.thread.start()
            time.sleep(1.0)
            greedy_sent = [greedy_client(server.port, "/ja/chapters/5", GREEDY_REQUESTS, greedy_sockets)
                           for _ in range(GREEDY)]
            for thread in normal:
                thread.start()
            time.sleep(ATTACK_SECONDS)
            stop.set()
            for thread in normal:
                thread.join(NORMAL_TIMEOUT + 5)
            rss, peak = server.status_field("VmRSS"), server.status_field("VmHWM")
            open_descriptors = sum(server.descriptors().values())
        finally:
            slowloris.close_all()
            for sock in greedy_sockets:
                sock.close()
        checks.expect(server.alive(), "the server died during the slowloris/greedy phase")
        print(f"  slowloris: {slowloris.peak_open} open at the peak, {len(slowloris.endings)} ended by the server, "
              f"{slowloris.open_failures} connects failed")
        ended = slowloris.endings
        timeouts = [seconds for seconds, line in ended if line and " 408 " in line + " "]
        others = [(round(seconds, 1), line) for seconds, line in ended if not (line and " 408 " in line + " ")]
        if timeouts:
            print(f"  slowloris answered 408 after {min(timeouts):.1f}–{max(timeouts):.1f} s "
                  f"(header read timeout {HEADER_READ_TIMEOUT:.0f} s)")
        checks.expect(slowloris.peak_open >= SLOWLORIS, f"only {slowloris.peak_open} slowloris connections open")
        checks.expect(len(timeouts) >= SLOWLORIS * 0.9,
                      f"{len(timeouts)} of {SLOWLORIS} slowloris connections got 408 within {ATTACK_SECONDS} s")
        checks.expect(not timeouts or max(timeouts) <= HEADER_READ_TIMEOUT + 5,
                      f"a slowloris connection was held {max(timeouts or [0]):.1f} s, well past the header timeout")
        checks.expect(not timeouts or min(timeouts) >= HEADER_READ_TIMEOUT - 1,
                      f"a slowloris connection was cut after {min(timeouts or [0]):.1f} s, before the header timeout")
        checks.expect(not others, f"slowloris connections ended other than by 408: {others[:5]}")
        print(f"  greedy non-readers: {GREEDY} × {GREEDY_REQUESTS} pipelined GET /ja/chapters/5, request bytes "
              f"accepted {greedy_sent}")
        print(f"  normal requests during the attack: {harness.latency_summary(latencies)}, {len(failures)} failed")
        checks.expect(len(latencies) >= 100, f"only {len(latencies)} normal requests answered in {ATTACK_SECONDS} s")
        checks.expect(not failures, f"{len(failures)} normal requests failed or took over {NORMAL_TIMEOUT} s: "
                                    f"{failures[:5]}")
        print(f"  server at the end of the attack: VmRSS {rss} kB, VmHWM {peak} kB, {open_descriptors} descriptors")
        response = harness.get(server.port, "/healthz")
        checks.expect(response.status == 200, f"/healthz after the attack: {response.status}")
        status = server.stop()
        checks.expect(status == 0, f"SIGTERM after phase 1: exit status {status}, want 0")


def attempt(port):
    """GET /healthz on a new connection: the status, or 'closed' when the server closed without answering."""
    try:
        with harness.Connection(port, timeout=5) as connection:
            return connection.request("GET", "/healthz").status
    except (ConnectionError, harness.ProtocolError):
        return "closed"


def concurrently_served(port, count):
    """Opens `count` connections, keeps them all open, and returns how many were answered 200."""
    connections, served = [], 0
    try:
        for _ in range(count):
            connection = harness.Connection(port, timeout=5)
            connections.append(connection)
            try:
                served += connection.request("GET", "/healthz").status == 200
            except (ConnectionError, harness.ProtocolError):
                pass
    finally:
        for connection in connections:
            connection.close()
    return served


def cap_phase(arguments, checks):
    database = os.path.join(arguments.output, "cap.sqlite")
    with harness.Folio(arguments, database, name="cap", extra_arguments=["--max-connections", str(CAP)]) as server:
        server.start()
        held = []
        try:
            for _ in range(CAP):
                connection = harness.Connection(server.port, timeout=5)
                held.append(connection)
                status = connection.request("GET", "/healthz").status
                checks.expect(status == 200, f"connection {len(held)} of the cap answered {status}")
            extra = [attempt(server.port) for _ in range(40)]
            outcomes = {str(o): extra.count(o) for o in set(extra)}
            print(f"phase 2: --max-connections {CAP}, {CAP} held; 40 more connections: {outcomes}")
            checks.expect(set(extra) <= {503, "closed"}, f"over the cap: {outcomes}, want only 503 or closed")
            checks.expect(503 in extra, "no connection over the cap was answered 503")

            results = []
            lock = threading.Lock()

            def burst(count):
                mine = [attempt(server.port) for _ in range(count)]
                with lock:
                    results.extend(mine)

            threads = [threading.Thread(target=burst, args=(BURST // 8,), daemon=True) for _ in range(8)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(30)
            outcomes = {str(o): results.count(o) for o in set(results)}
            print(f"  a burst of {BURST} connections over the cap: {outcomes}")
            checks.expect(set(results) <= {503, "closed"}, f"burst over the cap: {outcomes}")
            checks.expect(server.alive(), "the server died under the burst over the cap")
            for connection in held:
                status = connection.request("GET", "/healthz").status
                checks.expect(status == 200, f"a held connection answered {status} after the burst")
        finally:
            for connection in held:
                connection.close()
        # The held connections are gone; the server sees their close at once, but allow it a moment.
        deadline = time.monotonic() + 5
        served = concurrently_served(server.port, CAP)
        while served < CAP and time.monotonic() < deadline:
            time.sleep(0.2)
            served = concurrently_served(server.port, CAP)
        print(f"  after closing the {CAP}: {served} of {CAP} new concurrent connections served")
        checks.expect(served == CAP, f"after the burst only {served} of {CAP} concurrent connections were served: "
                                     f"the open-connection count leaked")
        status = server.stop()
        checks.expect(status == 0, f"SIGTERM after phase 2: exit status {status}, want 0")


def descriptor_limited_phase(arguments, checks):
    """A hard RLIMIT_NOFILE far below what the default cap (4,096) needs: connections past what fits are
    still answered 503 or closed, never left waiting in the backlog while accept fails with EMFILE."""
    database = os.path.join(arguments.output, "limited.sqlite")
    with harness.Folio(arguments, database, name="limited", descriptor_limit=DESCRIPTOR_LIMIT) as server:
        server.start()
        held, outcomes = [], {}
        try:
            for _ in range(DESCRIPTOR_LIMIT + 100):
                try:
                    connection = harness.Connection(server.port, timeout=3)
                    held.append(connection)
                    outcome = connection.request("GET", "/healthz").status
                except socket.timeout:
                    outcome = "no answer in 3 s"
                except (ConnectionError, harness.ProtocolError):
                    outcome = "closed"
                outcomes[outcome] = outcomes.get(outcome, 0) + 1
                if outcome == "no answer in 3 s":
                    break
        finally:
            for connection in held:
                connection.close()
        print(f"phase 3: hard descriptor limit {DESCRIPTOR_LIMIT}, default cap; {sum(outcomes.values())} "
              f"connections held open: {outcomes}")
        checks.expect("no answer in 3 s" not in outcomes,
                      f"with {DESCRIPTOR_LIMIT} descriptors a connection went unanswered: {outcomes}")
        checks.expect(outcomes.get(503, 0) > 0, f"with {DESCRIPTOR_LIMIT} descriptors no connection got 503: "
                                                f"{outcomes}")
        checks.expect(outcomes.get(200, 0) >= DESCRIPTOR_LIMIT // 2,
                      f"with {DESCRIPTOR_LIMIT} descriptors only {outcomes.get(200, 0)} connections were served")
        response = harness.get(server.port, "/healthz")
        checks.expect(response.status == 200, f"/healthz after phase 3: {response.status}")
        status = server.stop()
        checks.expect(status == 0, f"SIGTERM after phase 3: exit status {status}, want 0")


def test(arguments, checks):
    limit = harness.raise_descriptor_limit(8192)
    if limit < SLOWLORIS + GREEDY + BURST + 200:
        checks.fail(f"RLIMIT_NOFILE is {limit}; this test needs about {SLOWLORIS + GREEDY + BURST + 200}")
        return
    attack_phase(arguments, checks)
    cap_phase(arguments, checks)
    descriptor_limited_phase(arguments, checks)


if __name__ == "__main__":
    harness.run("slow_clients", test, time_limit=90)
