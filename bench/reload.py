#!/usr/bin/env python3
"""Times full content reloads (POST /admin/reload) and what readers see while they run.

A reader thread fetches --path over one keep-alive connection, first for --baseline seconds alone,
then while the main thread runs --reloads reloads one after another (each must answer 200 with
outcome "loaded"). Prints one JSON line: reload wall times, and the reader's latency percentiles
and error count alone and during the reloads. Loopback only; bounded by the number of reloads.
"""
import argparse
import http.client
import json
import statistics
import sys
import threading
import time
from urllib.parse import urlsplit


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(fraction * len(ordered)))], 2)


class Reader(threading.Thread):
    """Fetches one page in a loop, recording each latency in the current phase."""

    def __init__(self, host, port, path):
        super().__init__(daemon=True)
        self.host, self.port, self.path = host, port, path
        self.phase = "baseline"
        self.latencies = {"baseline": [], "reloading": []}
        self.errors = {"baseline": 0, "reloading": 0}
        self.stop = threading.Event()

    def run(self):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
        while not self.stop.is_set():
            phase = self.phase
            start = time.perf_counter()
            try:
                conn.request("GET", self.path)
                response = conn.getresponse()
                response.read()
                ok = response.status == 200
            except OSError:
                ok = False
                conn.close()
                conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
            self.latencies[phase].append((time.perf_counter() - start) * 1000)
            if not ok:
                self.errors[phase] += 1
        conn.close()


def summary(reader, phase):
    values = reader.latencies[phase]
    return {"requests": len(values), "errors": reader.errors[phase], "p50_ms": percentile(values, 0.50),
            "p99_ms": percentile(values, 0.99), "max_ms": round(max(values), 2) if values else None}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True, help="the admin token")
    parser.add_argument("--path", default="/it/chapters/1")
    parser.add_argument("--reloads", type=int, default=10)
    parser.add_argument("--baseline", type=float, default=2.0)
    args = parser.parse_args()
    parts = urlsplit(args.url)
    reader = Reader(parts.hostname, parts.port, args.path)
    reader.start()
    time.sleep(args.baseline)
    reader.phase = "reloading"
    times = []
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    for _ in range(args.reloads):
        start = time.perf_counter()
        conn.request("POST", "/admin/reload", headers={"Authorization": f"Bearer {args.token}"})
        response = conn.getresponse()
        body = response.read()
        times.append((time.perf_counter() - start) * 1000)
        if response.status != 200 or json.loads(body).get("outcome") != "loaded":
            sys.exit(f"reload answered {response.status}: {body[:300]!r}")
    reader.stop.set()
    reader.join(timeout=15)
    print(json.dumps({
        "reloads": len(times), "median_ms": round(statistics.median(times), 1), "min_ms": round(min(times), 1),
        "max_ms": round(max(times), 1), "reader_alone": summary(reader, "baseline"),
        "reader_during_reloads": summary(reader, "reloading"),
    }))


if __name__ == "__main__":
    main()
