#!/usr/bin/env python3
"""Does one kind of request stall the others? /healthz latency while clients pipeline heavy pages.

A load process keeps --clients connections busy for --duration seconds, each sending --depth pipelined
requests at a time (search pages, the search API and parallel-reading pages `?with=`, every language pair and
chapter) and reading the answers before sending the next batch. Meanwhile this process probes `GET /healthz`
on its own keep-alive connection every --interval seconds, each probe bounded by --timeout (a timed-out probe
counts at the timeout and the connection is reopened). Prints one JSON line: probe count, timeouts, p50/p99/max
of the probe latency in ms, and what the load got (responses, statuses, errors).

    bench/stall.py --url http://127.0.0.1:PORT [--clients 20] [--duration 8] [--depth 16]

Loopback only (the URL must be 127.0.0.1); bounded in time.
"""
import argparse
import http.client
import json
import multiprocessing
import selectors
import socket
import sys
import time
from urllib.parse import quote, urlsplit

LANGUAGES = ["it", "es", "tr", "zh-Hant", "ja"]
WORDS = {
    "it": ["larghezza", "barra"], "es": ["ancho", "pantalla"], "tr": ["genişlik", "ekran"],
    "ja": ["幅", "画面"], "zh-Hant": ["寬度", "螢幕"],
}
CHAPTERS = range(12)


def load_paths():
    """Search pages, search API calls and parallel pages, interleaved so every batch mixes them."""
    searches = []
    for code, words in WORDS.items():
        for word in words:
            searches.append(f"/{code}/search?q={quote(word)}")
            searches.append(f"/api/v1/{code}/search?q={quote(word)}")
    parallel = [f"/{a}/chapters/{n}?with={b}" for a in LANGUAGES for b in LANGUAGES if a != b for n in CHAPTERS]
    paths = []
    for index in range(max(len(searches), len(parallel))):
        paths.append(searches[index % len(searches)])
        paths.append(parallel[index % len(parallel)])
    return paths


class Client:
    """One pipelining connection: send a batch, read as many responses, repeat."""

    def __init__(self, host, port, paths, offset, depth):
        self.sock = socket.create_connection((host, port), timeout=5)
        self.sock.setblocking(False)
        self.host, self.paths, self.next, self.depth = host, paths, offset, depth
        self.pending = 0
        self.out = b""
        self.buffer = bytearray()

    def batch(self):
        requests = []
        for _ in range(self.depth):
            path = self.paths[self.next % len(self.paths)]
            self.next += 1
            requests.append(f"GET {path} HTTP/1.1\r\nHost: {self.host}\r\n\r\n")
        self.out = "".join(requests).encode()
        self.pending = self.depth

    def responses(self):
        """Parses complete responses out of the buffer; yields their status codes."""
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(self.buffer[:end]).decode("latin-1").split("\r\n")
            length = 0
            for line in head[1:]:
                name, _, value = line.partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            if len(self.buffer) < end + 4 + length:
                return
            del self.buffer[:end + 4 + length]
            self.pending -= 1
            yield int(head[0].split(" ")[1])


def run_load(url, clients, depth, duration, results):
    parts = urlsplit(url)
    paths = load_paths()
    selector = selectors.DefaultSelector()
    statuses, errors, count = {}, 0, 0
    conns = []
    for index in range(clients):
        client = Client(parts.hostname, parts.port, paths, index * 7, depth)
        client.batch()
        selector.register(client.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, client)
        conns.append(client)
    deadline = time.monotonic() + duration
    while time.monotonic() < deadline:
        for key, mask in selector.select(timeout=0.1):
            client = key.data
            try:
                if mask & selectors.EVENT_WRITE and client.out:
                    sent = client.sock.send(client.out)
                    client.out = client.out[sent:]
                if mask & selectors.EVENT_READ:
                    data = client.sock.recv(262144)
                    if not data:
                        raise ConnectionError("closed by the server")
                    client.buffer += data
                    for status in client.responses():
                        statuses[status] = statuses.get(status, 0) + 1
                        count += 1
                    if client.pending == 0:
                        client.batch()
                events = selectors.EVENT_READ | (selectors.EVENT_WRITE if client.out else 0)
                selector.modify(client.sock, events, client)
            except (OSError, ValueError, IndexError):
                errors += 1
                selector.unregister(client.sock)
                client.sock.close()
                replacement = Client(parts.hostname, parts.port, paths, client.next, depth)
                replacement.batch()
                selector.register(replacement.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, replacement)
    for key in list(selector.get_map().values()):
        key.fileobj.close()
    results.put({"responses": count, "per_second": round(count / duration), "statuses": statuses, "errors": errors})


def percentile(values, fraction):
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(fraction * len(ordered)))], 2)


def probe(host, port, duration, interval, timeout):
    latencies, timeouts = [], 0
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    deadline = time.monotonic() + duration
    while time.monotonic() < deadline:
        start = time.perf_counter()
        try:
            conn.request("GET", "/healthz")
            response = conn.getresponse()
            response.read()
            if response.status != 200:
                sys.exit(f"/healthz answered {response.status}")
            latencies.append((time.perf_counter() - start) * 1000)
        except OSError:
            timeouts += 1
            latencies.append(timeout * 1000)
            conn.close()
            conn = http.client.HTTPConnection(host, port, timeout=timeout)
        time.sleep(max(0.0, interval - (time.perf_counter() - start)))
    conn.close()
    return latencies, timeouts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--duration", type=float, default=8.0)
    parser.add_argument("--depth", type=int, default=16, help="requests each client pipelines at a time")
    parser.add_argument("--interval", type=float, default=0.01, help="seconds between /healthz probes")
    parser.add_argument("--timeout", type=float, default=8.0, help="seconds a probe may take")
    args = parser.parse_args()
    parts = urlsplit(args.url)
    if parts.hostname != "127.0.0.1":
        sys.exit("loopback only: --url must be http://127.0.0.1:PORT")
    for path in load_paths()[:2]:  # the load's pages must exist before their latency means anything
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        conn.request("GET", path)
        status = conn.getresponse().status
        conn.close()
        if status != 200:
            sys.exit(f"{path} answered {status}")
    results = multiprocessing.Queue()
    load = multiprocessing.Process(
        target=run_load, args=(args.url, args.clients, args.depth, args.duration, results), daemon=True)
    load.start()
    time.sleep(0.2)  # let the load start first
    latencies, timeouts = probe(parts.hostname, parts.port, args.duration - 0.2, args.interval, args.timeout)
    summary = results.get(timeout=args.duration + 30)
    load.join(timeout=10)
    print(json.dumps({
        "clients": args.clients, "depth": args.depth, "duration_s": args.duration, "probes": len(latencies),
        "probe_timeouts": timeouts, "p50_ms": percentile(latencies, 0.50), "p99_ms": percentile(latencies, 0.99),
        "max_ms": round(max(latencies), 2), "load": summary,
    }))


if __name__ == "__main__":
    main()
