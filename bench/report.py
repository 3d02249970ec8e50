#!/usr/bin/env python3
"""Reads one bench/out/<run>/ folder and prints the Folio vs nginx table (also as summary.md).

Input files, written by bench/run.sh: wrk-<scenario>-<server>.txt, idle-<server>.json,
startup.json, proc-folio.txt, machine.txt.
"""
import json
import re
import sys
from pathlib import Path

SCENARIOS = [
    ("page", "chapter page, keep-alive, identity"),
    ("page-gzip", "chapter page, keep-alive, gzip"),
    ("css", "CSS, keep-alive"),
    ("page-close", "chapter page, Connection: close"),
    ("idle", "chapter page + idle keep-alive conns held"),
    ("healthz", "/healthz, keep-alive"),
    ("attempts", "POST attempts (durable), keep-alive"),
]
UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def ms(text):
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text)
    return float(match.group(1)) * UNITS[match.group(2)] if match else None


def parse_wrk(path):
    if not path.exists():
        return None
    text = path.read_text()
    result = {"rps": None, "p50": None, "p99": None, "errors": 0, "requests": 0}
    if m := re.search(r"Requests/sec:\s+([\d.]+)", text):
        result["rps"] = float(m.group(1))
    for pct, key in (("50", "p50"), ("99", "p99")):
        if m := re.search(rf"^\s+{pct}%\s+(\S+)", text, re.M):
            result[key] = ms(m.group(1))
    if m := re.search(r"(\d+) requests in", text):
        result["requests"] = int(m.group(1))
    if m := re.search(r"Non-2xx or 3xx responses: (\d+)", text):
        result["errors"] += int(m.group(1))
    if m := re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text):
        result["errors"] += sum(int(g) for g in m.groups())
    return result


def fmt(value, pattern):
    return pattern.format(value) if value is not None else "–"


def main():
    out = Path(sys.argv[1])
    rows = ["| scenario | Folio req/s | nginx req/s | Folio/nginx | Folio p50 / p99 ms | nginx p50 / p99 ms | errors F / n |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    total_requests = 0
    for key, label in SCENARIOS:
        folio, nginx = parse_wrk(out / f"wrk-{key}-folio.txt"), parse_wrk(out / f"wrk-{key}-nginx.txt")
        if not folio and not nginx:
            continue
        total_requests += folio["requests"] if folio else 0
        ratio = (f"{folio['rps'] / nginx['rps']:.2f}×" if folio and nginx and folio["rps"] and nginx["rps"] else "–")
        cells = [label,
                 fmt(folio and folio["rps"], "{:,.0f}"), fmt(nginx and nginx["rps"], "{:,.0f}"), ratio,
                 f"{fmt(folio and folio['p50'], '{:.2f}')} / {fmt(folio and folio['p99'], '{:.2f}')}",
                 f"{fmt(nginx and nginx['p50'], '{:.2f}')} / {fmt(nginx and nginx['p99'], '{:.2f}')}",
                 f"{fmt(folio and folio['errors'], '{}')} / {fmt(nginx and nginx['errors'], '{}')}"]
        rows.append("| " + " | ".join(cells) + " |")
    lines = rows + [""]
    for server in ("folio", "nginx"):
        idle = out / f"idle-{server}.json"
        if idle.exists() and idle.read_text().strip():
            data = json.loads(idle.read_text().strip().splitlines()[-1])
            lines.append(f"- idle keep-alive connections, {server}: {data['opened']}/{data['connections']} opened, "
                         f"{data['usable_after_hold']} still usable after {data['hold_seconds']:.0f} s")
    startup = out / "startup.json"
    if startup.exists() and startup.read_text().strip():
        data = json.loads(startup.read_text())
        lines.append(f"- Folio start-up to first served {data['path']}: median {data['median_ms']} ms "
                     f"(min {data['min_ms']}, max {data['max_ms']}, {data['runs']} runs, warm cache)")
    proc = out / "proc-folio.txt"
    if proc.exists():
        lines.append("- Folio process (phase: VmRSS, VmHWM, open fds): " +
                     "; ".join(l.strip() for l in proc.read_text().splitlines() if l.strip()))
    if total_requests:
        lines.append(f"- requests served by Folio under wrk in this run: {total_requests:,}")
    text = "\n".join(lines) + "\n"
    (out / "summary.md").write_text(text)
    print(text, end="")


if __name__ == "__main__":
    main()
