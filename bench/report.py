#!/usr/bin/env python3
"""Reads one bench/out/<run>/ folder and prints the Folio vs nginx table (also as summary.md).

Input files, written by bench/run.sh: wrk-<scenario>-<server>.txt (or wrk-<scenario>-r<N>-<server>.txt
for scenarios run in rounds), idle-<server>.json, startup.json, proc-folio.txt, machine.txt.

A scenario run in rounds shows each server's median req/s and p50/p99, and the median of the per-round
Folio/nginx ratios with their range: the servers alternated within each round, so a round's ratio
compares the two under the same conditions.
"""
import json
import re
import statistics
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


def runs(out, key, server):
    """Results by round (0 for a scenario run once)."""
    found = {}
    single = parse_wrk(out / f"wrk-{key}-{server}.txt")
    if single:
        found[0] = single
    pattern = re.compile(rf"wrk-{re.escape(key)}-r(\d+)-{re.escape(server)}\.txt")
    for path in out.iterdir():
        if match := pattern.fullmatch(path.name):
            result = parse_wrk(path)
            if result:
                found[int(match.group(1))] = result
    return found


def combined(results):
    """One server's figures over its rounds: medians of rates and latencies, sums of errors and requests."""
    if not results:
        return None
    values = list(results.values())

    def median(key):
        present = [v[key] for v in values if v[key] is not None]
        return statistics.median(present) if present else None

    return {"rps": median("rps"), "p50": median("p50"), "p99": median("p99"),
            "errors": sum(v["errors"] for v in values), "requests": sum(v["requests"] for v in values)}


def ratio_cell(folio_runs, nginx_runs):
    ratios = [folio_runs[r]["rps"] / nginx_runs[r]["rps"] for r in sorted(folio_runs)
              if r in nginx_runs and folio_runs[r]["rps"] and nginx_runs[r]["rps"]]
    if not ratios:
        return "–"
    if len(ratios) == 1:
        return f"{ratios[0]:.2f}×"
    return f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f}, {len(ratios)} rounds)"


def fmt(value, pattern):
    return pattern.format(value) if value is not None else "–"


def main():
    out = Path(sys.argv[1])
    rows = ["| scenario | Folio req/s | nginx req/s | Folio/nginx | Folio p50 / p99 ms | nginx p50 / p99 ms | errors F / n |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    total_requests = 0
    for key, label in SCENARIOS:
        folio_runs, nginx_runs = runs(out, key, "folio"), runs(out, key, "nginx")
        folio, nginx = combined(folio_runs), combined(nginx_runs)
        if not folio and not nginx:
            continue
        total_requests += folio["requests"] if folio else 0
        ratio = ratio_cell(folio_runs, nginx_runs)
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
    reload = out / "reload.json"
    if reload.exists() and reload.read_text().strip():
        data = json.loads(reload.read_text())
        alone, during = data["reader_alone"], data["reader_during_reloads"]
        lines.append(f"- Folio full content reload (POST /admin/reload, {data['reloads']} in a row): median "
                     f"{data['median_ms']} ms (min {data['min_ms']}, max {data['max_ms']}); a reader fetching the page "
                     f"meanwhile: p99 {during['p99_ms']} ms, max {during['max_ms']} ms, {during['errors']} errors "
                     f"in {during['requests']:,} requests (alone: p99 {alone['p99_ms']} ms, max {alone['max_ms']} ms)")
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
