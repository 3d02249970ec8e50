#!/usr/bin/env python3
"""Creates N learners through the API and writes their bearer tokens, one per line.

The attempts benchmark spreads its POSTs over these learners: Folio rate-limits attempts per
learner (and per address for anonymous ones), so one learner, or none, would measure the limiter.
Making a learner is itself limited per client address (burst 30, then 10/s), so this set-up step
connects from many loopback source addresses (127.0.1.1, 127.0.1.2, ...; all of 127.0.0.0/8 is
this machine), 25 learners from each, instead of waiting 400 s for 4,000 learners.
  bench/learners.py --url http://127.0.0.1:PORT --count 4000 --out tokens.txt
"""
import argparse
import http.client
import json
import sys
import threading
from urllib.parse import urlsplit


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--count", type=int, default=4000)
    parser.add_argument("--out", required=True)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    parts = urlsplit(args.url)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("learners.py only targets loopback")

    tokens, errors, lock = [], [], threading.Lock()

    per_address = 25
    groups = [range(start, min(start + per_address, args.count)) for start in range(0, args.count, per_address)]

    def work(group_numbers):
        for number in group_numbers:
            source = f"127.0.{1 + number // 250}.{1 + number % 250}"
            conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10, source_address=(source, 0))
            for i in groups[number]:
                body = json.dumps({"display_name": f"bench learner {i}", "language": "it"})
                try:
                    conn.request("POST", "/api/v1/learners", body, {"Content-Type": "application/json"})
                    response = conn.getresponse()
                    data = response.read()
                except OSError as error:
                    with lock:
                        errors.append(f"{source}: {error}")
                    break
                with lock:
                    if response.status == 201:
                        tokens.append(json.loads(data)["token"])
                    else:
                        errors.append(f"{response.status} {data[:200]!r}")
            conn.close()

    threads = [threading.Thread(target=work, args=(range(w, len(groups), args.workers),)) for w in range(args.workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with open(args.out, "w") as out:
        out.write("\n".join(tokens) + "\n")
    print(f"created {len(tokens)} learners ({len(errors)} failures{': ' + errors[0] if errors else ''})",
          file=sys.stderr)
    sys.exit(0 if tokens else 1)


if __name__ == "__main__":
    main()
