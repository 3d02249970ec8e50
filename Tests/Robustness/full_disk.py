"""Full disk: the database on a real 3 MB tmpfs fills up while learners post attempts (issue 17, point 6).

A filler file takes most of the file system, then attempts (about 4 KB each, over several learners so no
rate limit is hit) are posted until the server answers 503 `storage_full`. While the disk is full:
every refused write is a 503 `storage_full` with Retry-After (never a 500), /healthz answers non-200 with
`"database":"full"`, /metrics says `folio_database_full 1`, reads and pages are still served, and the
log says so once (not once per request). Then the filler is removed: /healthz turns 200 by itself, writes
succeed again without a restart, the log says so once, and after a clean stop every acknowledged attempt
is in the database file, and no refused one.

Mounting needs root (CI runs as root); without it the test is skipped with a message, not failed.
"""

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import harness  # noqa: E402

FILESYSTEM_BYTES = 3 * 1024 * 1024
LEFT_FREE_BYTES = 384 * 1024
ANSWER_BYTES = 4000
MAX_ATTEMPTS = 600
FULL_LOG = "database disk full"
RESUMED_LOG = "database disk has space again"


def mount_tmpfs(directory):
    """Mounts a 3 MB tmpfs on `directory`; returns None on success, else why it could not."""
    try:
        result = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={FILESYSTEM_BYTES // (1024 * 1024)}m,mode=0700", "tmpfs",
             directory], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as error:
        return str(error)
    if result.returncode != 0:
        return (result.stderr or result.stdout).strip() or f"mount exited {result.returncode}"
    return None


def unmount(directory):
    for command in (["umount", directory], ["umount", "-l", directory]):
        if subprocess.run(command, capture_output=True, timeout=20).returncode == 0:
            return True
    return False


def fill(path, free_bytes_wanted):
    """Writes zeros to `path` until the file system has about `free_bytes_wanted` left."""
    stats = os.statvfs(os.path.dirname(path))
    size = max(0, stats.f_bavail * stats.f_frsize - free_bytes_wanted)
    block = b"\0" * 65536
    with open(path, "wb") as filler:
        while size > 0:
            filler.write(block[:min(len(block), size)])
            size -= min(len(block), size)
        filler.flush()
        os.fsync(filler.fileno())


def json_body(response):
    try:
        return json.loads(response.body.decode("utf-8"))
    except ValueError:
        return None


def error_code(response):
    body = json_body(response)
    return (body or {}).get("error", {}).get("code") if isinstance(body, dict) else None


def log_count(server, text):
    with open(server.stderr_path, "rb") as stderr:
        return stderr.read().decode("utf-8", "replace").count(text)


class Poster:
    """Posts attempts over one keep-alive connection, switching to a new learner when one is rate-limited."""

    def __init__(self, server, checks):
        self.server = server
        self.checks = checks
        self.connection = harness.Connection(server.port, timeout=30)
        self.tokens = []
        self.acknowledged = {}  # attempt id -> answer
        self.refused_answers = []
        self.statuses = {}
        self.counter = 0

    def new_learner(self):
        body = json.dumps({"display_name": f"Filler {len(self.tokens)}", "language": "it"})
        response = self.connection.request(
            "POST", "/api/v1/learners", {"Content-Type": "application/json"}, body)
        if response.status != 201:
            return response
        self.tokens.append(json_body(response)["token"])
        return response

    def post(self):
        """One attempt; returns the response (a 429 is answered by moving to a new learner)."""
        if not self.tokens:
            created = self.new_learner()
            if created.status != 201:
                return created
        self.counter += 1
        answer = f"in alto {self.counter} " + ("riempitivo " * (ANSWER_BYTES // 11))
        answer = answer[:ANSWER_BYTES]
        response = self.connection.request(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts",
            {"Content-Type": "application/json", "Authorization": f"Bearer {self.tokens[-1]}"},
            json.dumps({"answer": answer}))
        self.statuses[response.status] = self.statuses.get(response.status, 0) + 1
        if response.status == 200:
            self.acknowledged[json_body(response)["attempt_id"]] = answer
        elif response.status == 429:
            created = self.new_learner()
            if created.status == 429:
                time.sleep(int(created.header("Retry-After") or "1"))
        else:
            self.refused_answers.append(answer)
        return response


def body(arguments, checks):
    directory = tempfile.mkdtemp(prefix="folio-full-disk-")
    problem = mount_tmpfs(directory)
    if problem is not None:
        os.rmdir(directory)
        print(f"full_disk: SKIPPED: cannot mount a 3 MB tmpfs on {directory} ({problem}); run as root to test",
              flush=True)
        return
    server = None
    try:
        database = os.path.join(directory, "folio.sqlite")
        server = harness.Folio(arguments, database, name="full-disk")
        server.start()
        token = server.environment["FOLIO_ADMIN_TOKEN"]
        filler = os.path.join(directory, "filler")
        fill(filler, LEFT_FREE_BYTES)
        print(f"filled: {os.statvfs(directory).f_bavail * os.statvfs(directory).f_frsize} bytes left", flush=True)

        poster = Poster(server, checks)
        full = None
        for _ in range(MAX_ATTEMPTS):
            response = poster.post()
            if response.status == 503:
                full = response
                break
            if response.status not in (200, 201, 429):
                checks.fail(f"while filling: {response.status} {response.body[:200]!r}")
                break
        if not checks.expect(full is not None, f"the disk never filled in {MAX_ATTEMPTS} attempts "
                             f"({poster.statuses})"):
            return
        print(f"full after {len(poster.acknowledged)} acknowledged attempts ({poster.statuses})", flush=True)
        checks.expect(error_code(full) == "storage_full", f"code {error_code(full)!r}, not storage_full")
        checks.expect(full.header("Retry-After") is not None, "503 storage_full without Retry-After")

        for _ in range(5):
            again = poster.post()
            checks.expect(again.status == 503 and error_code(again) == "storage_full",
                          f"a write on the full disk: {again.status} {error_code(again)!r}")
        created = harness.Connection(server.port).request(
            "POST", "/api/v1/learners", {"Content-Type": "application/json"},
            json.dumps({"display_name": "Late", "language": "it"}))
        checks.expect(created.status in (201, 503) and (created.status == 201 or error_code(created) == "storage_full"),
                      f"a new learner on the full disk: {created.status} {created.body[:200]!r}")

        health = harness.get(server.port, "/healthz")
        checks.expect(health.status != 200, f"/healthz answered {health.status} on a full disk")
        checks.expect((json_body(health) or {}).get("database") == "full", f"/healthz said {health.body!r}")
        metrics = harness.get(server.port, "/metrics", headers={"Authorization": f"Bearer {token}"})
        checks.expect(b"\nfolio_database_full 1\n" in metrics.body, "no folio_database_full 1 in /metrics")
        listing = harness.get(server.port, "/api/v1/me/attempts",
                              headers={"Authorization": f"Bearer {poster.tokens[0]}"})
        checks.expect(listing.status == 200, f"reading attempts on a full disk: {listing.status}")
        page = harness.get(server.port, "/it/")
        checks.expect(page.status == 200, f"a page on a full disk: {page.status}")
        checks.expect(log_count(server, FULL_LOG) == 1,
                      f"'{FULL_LOG}' logged {log_count(server, FULL_LOG)} times, not once")
        checks.expect(log_count(server, "unhandled error") == 0, "an unhandled error was logged")

        os.remove(filler)
        deadline = time.monotonic() + 10
        health = harness.get(server.port, "/healthz")
        while health.status != 200 and time.monotonic() < deadline:
            time.sleep(0.25)
            health = harness.get(server.port, "/healthz")
        checks.expect(health.status == 200, f"/healthz still {health.status} after space returned: {health.body!r}")
        resumed = poster.post()
        if resumed.status == 429:
            resumed = poster.post()
        checks.expect(resumed.status == 200, f"a write after space returned: {resumed.status} {resumed.body[:200]!r}")
        checks.expect(log_count(server, RESUMED_LOG) == 1, f"'{RESUMED_LOG}' not logged once")
        checks.expect(poster.statuses.get(500, 0) == 0, f"500 answers: {poster.statuses}")

        checks.expect(server.stop() == 0, "the server did not stop cleanly")
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
            stored = dict(connection.execute("SELECT id, answer FROM attempts").fetchall())
            integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
        checks.expect(integrity == "ok", f"integrity_check: {integrity}")
        missing = [attempt for attempt in poster.acknowledged if stored.get(attempt) != poster.acknowledged[attempt]]
        checks.expect(not missing, f"{len(missing)} acknowledged attempts missing, e.g. {missing[:5]}")
        refused = set(poster.refused_answers) & set(stored.values())
        checks.expect(not refused, f"{len(refused)} refused attempts were stored anyway")
        checks.expect(len(stored) == len(poster.acknowledged),
                      f"{len(stored)} attempts stored, {len(poster.acknowledged)} acknowledged")
        print(f"{len(poster.acknowledged)} acknowledged attempts all stored", flush=True)
    finally:
        if server is not None and server.alive():
            server.kill()
        if not unmount(directory):
            print(f"note: could not unmount {directory}", flush=True)
        else:
            os.rmdir(directory)


if __name__ == "__main__":
    harness.run("full_disk", body, time_limit=140)
