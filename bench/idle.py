#!/usr/bin/env python3
"""Holds N idle keep-alive connections open against a loopback server while something else runs.

Each connection sends one GET, reads the whole response, then stays idle. When every connection
is up it prints `ready <n>`; after --hold seconds it sends a second GET on each connection still
open and prints one JSON line: how many opened, answered, and were still usable after the hold.
Bounded: loopback only, one request per connection per phase, exits by itself.
"""
import argparse
import asyncio
import json
import sys
import time
from urllib.parse import urlsplit


async def exchange(reader, writer, host, path):
    """Sends one keep-alive GET and reads its response; returns the status code."""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    if length:
        await reader.readexactly(length)
    return status


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True, help="http://127.0.0.1:PORT")
    parser.add_argument("--path", default="/healthz")
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--hold", type=float, default=15.0)
    args = parser.parse_args()
    parts = urlsplit(args.url)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("idle.py only targets loopback")

    gate = asyncio.Semaphore(100)  # connect in waves so the listen backlog is not the test
    conns = []

    async def open_one():
        async with gate:
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection(parts.hostname, parts.port), timeout=10)
                status = await asyncio.wait_for(exchange(reader, writer, parts.netloc, args.path), timeout=10)
                conns.append((reader, writer))
                return status
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError):
                return None

    started = time.monotonic()
    statuses = await asyncio.gather(*(open_one() for _ in range(args.connections)))
    answered = sum(1 for s in statuses if s is not None and s < 400)
    setup_seconds = round(time.monotonic() - started, 2)
    print(f"ready {len(conns)}", flush=True)
    await asyncio.sleep(args.hold)

    async def probe(reader, writer):
        try:
            return await asyncio.wait_for(exchange(reader, writer, parts.netloc, args.path), timeout=10)
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError):
            return None

    second = await asyncio.gather(*(probe(r, w) for r, w in conns))
    for _, writer in conns:
        writer.close()
    print(json.dumps({
        "connections": args.connections,
        "opened": len(conns),
        "answered": answered,
        "usable_after_hold": sum(1 for s in second if s is not None and s < 400),
        "hold_seconds": args.hold,
        "setup_seconds": setup_seconds,
    }), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
