"""Crash durability: every attempt acknowledged with 200 survives a SIGKILL of the server, exactly once.

32 client threads post graded attempts (each answer text unique) over keep-alive connections while the server
is killed with SIGKILL at several points of the load. Half the clients rotate over learners made with
POST /api/v1/learners (Bearer tokens); the other half behave like browsers: a first attempt without a cookie
creates its learner in the attempt's transaction and sets `folio_learner`, which is then sent back. After each
kill after each kill the database file is opened read-only
with Python's sqlite3 (the server is dead, so this is the state a restart recovers from) and checked:
`PRAGMA integrity_check` is ok, every acknowledged attempt is there once with its id, learner and answer, no
attempt (acknowledged or in doubt) is stored twice, and each learner's per-question attempt counter
(question_scores.attempts, maintained in the attempt's transaction) equals the rows it counts. The server is
then restarted on the same file for the next round; a last start checks the API still lists the attempts.

An acknowledged attempt by a cookie learner must also keep its learner: the cookie's SHA-256 must still map
to the attempt's learner in learner_tokens. Creating learners is rate-limited per client address, so each
client thread binds its own loopback source address (127.0.1.N); 429 answers are honoured (Retry-After),
never worked around with server flags.
"""

import hashlib
import json
import os
import re
import sqlite3
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import harness  # noqa: E402

CLIENTS = 32
LEARNERS_PER_CLIENT = 8
KILL_POINTS = (0.5, 1.5, 3.0, 2.2)
LANGUAGE = "it"
COOKIE = "folio_learner"


class Ledger:
    """What the clients know: acknowledged attempts and attempts whose fate is unknown (in flight at a kill)."""

    def __init__(self):
        self.lock = threading.Lock()
        # A learner is ("id", learner id) for API-made ones, ("token", cookie) for cookie-made ones, and
        # ("new", None) for an attempt in flight that would have created one.
        self.acknowledged = {}  # attempt id -> (learner, answer, round)
        self.in_doubt = []  # (learner, answer, round)
        self.rate_limited = 0
        self.other_statuses = {}
        self.duplicate_ids = []

    def acknowledge(self, attempt_id, learner, answer, round_number):
        with self.lock:
            if attempt_id in self.acknowledged:
                self.duplicate_ids.append(attempt_id)
            self.acknowledged[attempt_id] = (learner, answer, round_number)

    def doubt(self, learner, answer, round_number):
        with self.lock:
            self.in_doubt.append((learner, answer, round_number))

    def status(self, status):
        with self.lock:
            if status == 429:
                self.rate_limited += 1
            else:
                self.other_statuses[status] = self.other_statuses.get(status, 0) + 1


def source_address(client):
    return f"127.0.1.{client + 1}"


def create_learners(port, client, count, deadline):
    """`count` learners made from this client's own source address; (id, token) pairs."""
    learners = []
    body = json.dumps({"display_name": f"crash client {client}", "language": LANGUAGE})
    connection = None
    try:
        while len(learners) < count:
            if time.monotonic() > deadline:
                raise RuntimeError(f"client {client} could not create its learners in time")
            if connection is None:
                try:
                    connection = harness.Connection(port, timeout=10, source=source_address(client))
                except OSError:  # no 127.0.1.N on this machine: share 127.0.0.1 and wait out 429s
                    connection = harness.Connection(port, timeout=10)
            response = connection.request(
                "POST", "/api/v1/learners", {"Content-Type": "application/json"}, body)
            if response.status == 201:
                created = json.loads(response.body)
                learners.append((created["id"], created["token"]))
            elif response.status == 429:
                time.sleep(min(float(response.header("retry-after") or 1), 2.0))
            else:
                raise RuntimeError(f"POST /api/v1/learners answered {response.status}: {response.body[:200]!r}")
    finally:
        if connection:
            connection.close()
    return learners


def client_loop(port, client, learners, questions, round_number, ledger, stop):
    """Posts attempts until the server dies or `stop` is set.

    Even clients rotate over their API-made learners (Bearer). Odd clients behave like browsers: the first
    attempt without a cookie creates a learner in the attempt's transaction and sets `folio_learner`; the
    cookie is used for 20 attempts, then dropped so the next attempt creates another learner.
    """
    with_cookies = client % 2 == 1
    sequence = 0
    cookie, cookie_uses = None, 0
    connection = None
    try:
        try:
            connection = harness.Connection(port, timeout=10, source=source_address(client))
        except OSError:
            connection = harness.Connection(port, timeout=10)  # no 127.0.1.N here: share 127.0.0.1
        while not stop.is_set():
            headers = {"Content-Type": "application/json"}
            if with_cookies:
                learner = ("token", cookie) if cookie else ("new", None)
                if cookie:
                    headers["Cookie"] = f"{COOKIE}={cookie}"
            else:
                learner_id, token = learners[sequence % len(learners)]
                learner = ("id", learner_id)
                headers["Authorization"] = f"Bearer {token}"
            question = questions[sequence % len(questions)]
            answer = (f"round {round_number} client {client} attempt {sequence}: la larghezza va limitata "
                      f"e lo spazio in più va al livello successivo ({os.urandom(4).hex()})")
            sequence += 1
            request = harness.build_request(
                "POST", f"/api/v1/{LANGUAGE}/checkpoints/{question}/attempts", headers,
                json.dumps({"answer": answer}))
            try:
                connection.send(request)
                response = connection.read_response()
            except (OSError, harness.ProtocolError):
                ledger.doubt(learner, answer, round_number)
                return
            if response.status == 200:
                if learner[0] == "new":
                    issued = issued_cookie(response)
                    if issued is None:
                        ledger.status("200 without Set-Cookie for a new learner")
                        continue
                    learner, cookie, cookie_uses = ("token", issued), issued, 0
                ledger.acknowledge(json.loads(response.body)["attempt_id"], learner, answer, round_number)
                cookie_uses += 1
                if with_cookies and cookie_uses >= 20:
                    cookie = None
            else:
                ledger.status(response.status)
                if response.status == 429:
                    time.sleep(min(float(response.header("retry-after") or 1), 1.0))
    except OSError:
        return  # could not connect: the server is already gone
    finally:
        if connection:
            connection.close()


def issued_cookie(response):
    for value in response.headers.get("set-cookie", []):
        name, _, rest = value.partition("=")
        if name.strip() == COOKIE:
            return rest.split(";", 1)[0]
    return None


def verify(database, ledger, checks, label):
    """Checks the killed server's database file, opened read-only; returns the row count and stored answers."""
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)
    try:
        integrity = db.execute("PRAGMA integrity_check").fetchall()
        checks.expect(integrity == [("ok",)], f"{label}: PRAGMA integrity_check = {integrity[:5]}")
        rows = {row[0]: (row[1], row[2]) for row in db.execute("SELECT id, learner_id, answer FROM attempts")}
        token_owners = {bytes(row[0]): row[1] for row in db.execute("SELECT token_hash, learner_id FROM learner_tokens")}

        def learner_id(learner):
            kind, value = learner
            if kind == "id":
                return value
            return token_owners.get(hashlib.sha256(value.encode()).digest())

        answers = {}
        for attempt_id, (_, answer) in rows.items():
            answers.setdefault(answer, []).append(attempt_id)
        missing, wrong, doubled = [], [], []
        for attempt_id, (learner, answer, _) in ledger.acknowledged.items():
            stored = rows.get(attempt_id)
            if stored is None:
                missing.append(attempt_id)
            elif stored != (learner_id(learner), answer):
                wrong.append((attempt_id, stored, (learner, learner_id(learner), answer)))
            if len(answers.get(answer, [])) > 1:
                doubled.append(attempt_id)
        doubted_twice = [answer for _, answer, _ in ledger.in_doubt if len(answers.get(answer, [])) > 1]
        checks.expect(not missing, f"{label}: {len(missing)} acknowledged attempts are missing, e.g. ids "
                                   f"{sorted(missing)[:10]}")
        checks.expect(not wrong, f"{label}: {len(wrong)} acknowledged ids hold another learner or answer, or "
                                 f"the learner's token is gone, e.g. {wrong[:3]}")
        checks.expect(not doubled, f"{label}: {len(doubled)} acknowledged answers are stored more than once")
        checks.expect(not doubted_twice, f"{label}: {len(doubted_twice)} in-flight answers stored twice")
        counters = db.execute(
            "SELECT s.learner_id, s.question_id, s.attempts, "
            "(SELECT count(*) FROM attempts a WHERE a.learner_id = s.learner_id AND a.question_id = s.question_id) "
            "FROM question_scores s").fetchall()
        drifted = [row for row in counters if row[2] != row[3]]
        checks.expect(not drifted, f"{label}: question_scores.attempts differs from the attempts rows for "
                                   f"{len(drifted)} learner×question pairs, e.g. {drifted[:3]}")
        return len(rows), set(answers)
    finally:
        db.close()


def discover_questions(port):
    page = harness.get(port, f"/{LANGUAGE}/chapters/1", timeout=10)
    ids = re.findall(rb"/api/v1/" + LANGUAGE.encode() + rb"/checkpoints/([^/\"' ]+)/attempts", page.body)
    questions = list(dict.fromkeys(i.decode() for i in ids))
    if not questions:
        raise RuntimeError(f"/{LANGUAGE}/chapters/1 names no checkpoint attempts URL")
    return questions[:4]


def test(arguments, checks):
    harness.raise_descriptor_limit(4096)
    database = os.path.join(arguments.output, "crash.sqlite")
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(database + suffix):
            os.remove(database + suffix)
    ledger = Ledger()
    learners = {}
    questions = []
    print(f"{CLIENTS} clients: {CLIENTS // 2} rotating over {LEARNERS_PER_CLIENT} API-made learners each, "
          f"{CLIENTS // 2} with cookie jars (a new learner every 20 attempts); "
          f"SIGKILL after {', '.join(map(str, KILL_POINTS))} s of load")
    print(f"{'round':>5} {'kill at':>8} {'acked':>6} {'in doubt':>8} {'of which stored':>15} "
          f"{'rows now':>8} {'429s':>6}  other")
    with harness.Folio(arguments, database, name="crash") as server:
        for round_number, kill_after in enumerate(KILL_POINTS, start=1):
            server.start()
            if not learners:
                questions = discover_questions(server.port)
                deadline = time.monotonic() + 20
                made = [[] for _ in range(CLIENTS)]
                errors = []

                def make(client):
                    try:
                        made[client] = create_learners(server.port, client, LEARNERS_PER_CLIENT, deadline)
                    except Exception as error:
                        errors.append(error)

                threads = [threading.Thread(target=make, args=(c,), daemon=True) for c in range(0, CLIENTS, 2)]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join(30)
                if errors or any(not made[c] for c in range(0, CLIENTS, 2)):
                    raise RuntimeError(f"creating learners failed: {errors[:3]}")
                learners = dict(enumerate(made))
            acknowledged_before = len(ledger.acknowledged)
            doubt_before = len(ledger.in_doubt)
            limited_before = ledger.rate_limited
            stop = threading.Event()
            threads = [
                threading.Thread(
                    target=client_loop,
                    args=(server.port, c, learners[c], questions, round_number, ledger, stop), daemon=True)
                for c in range(CLIENTS)
            ]
            for thread in threads:
                thread.start()
            time.sleep(kill_after)
            status = server.kill()
            stop.set()
            for thread in threads:
                thread.join(15)
            checks.expect(not any(t.is_alive() for t in threads), f"round {round_number}: clients still blocked")
            checks.expect(status == -9, f"round {round_number}: server exit status {status}, want -9 (SIGKILL)")
            acknowledged = len(ledger.acknowledged) - acknowledged_before
            checks.expect(acknowledged > 0, f"round {round_number}: no attempt was acknowledged before the kill")
            rows, stored = verify(database, ledger, checks, f"round {round_number}")
            in_doubt = ledger.in_doubt[doubt_before:]
            recovered = sum(1 for _, answer, _ in in_doubt if answer in stored)
            print(f"{round_number:>5} {kill_after:>7.1f}s {acknowledged:>6} {len(in_doubt):>8} "
                  f"{recovered:>15} {rows:>8} {ledger.rate_limited - limited_before:>6}  "
                  f"{ledger.other_statuses or ''}", flush=True)
        checks.expect(not ledger.duplicate_ids, f"the server handed out attempt ids twice: {ledger.duplicate_ids[:5]}")
        checks.expect(not ledger.other_statuses, f"attempts answered other than 200/429: {ledger.other_statuses}")

        server.start()
        listed_total = 0
        cookie_learners = sorted({l for l, _, _ in ledger.acknowledged.values() if l[0] == "token"})
        checks.expect(len(cookie_learners) > 0, "no attempt by a cookie-made learner was acknowledged")
        samples = [("id", learners[c][0][0], learners[c][0][1]) for c in (0, CLIENTS - 2)]
        samples += [("token", value, value) for _, value in cookie_learners[:2]]
        for kind, key, token in samples:
            expected = {i for i, (l, _, _) in ledger.acknowledged.items() if l == (kind, key)}
            listed = list_attempts(server.port, token)
            checks.expect(expected <= set(listed), f"after restart: a learner ({kind}) lists {len(listed)} attempts, "
                                                   f"missing {len(expected - set(listed))} acknowledged ones")
            checks.expect(len(listed) == len(set(listed)), "after restart: a learner's list holds an id twice")
            listed_total += len(listed)
        status = server.stop()
        checks.expect(status == 0, f"SIGTERM after the last restart: exit status {status}, want 0")
    rows, _ = verify(database, ledger, checks, "after a clean shutdown")
    print(f"total: {len(ledger.acknowledged)} acknowledged attempts over {len(KILL_POINTS)} kills, all present once; "
          f"{rows} rows, {len(cookie_learners)} learners made by cookie-less attempts; the API listed "
          f"{listed_total} attempts for {len(samples)} learners after the last restart")


def list_attempts(port, token):
    """Every attempt id the API lists for a learner, following the pagination cursor."""
    ids, cursor = [], None
    with harness.Connection(port, timeout=10) as connection:
        while True:
            path = "/api/v1/me/attempts?limit=100" + (f"&cursor={cursor}" if cursor else "")
            response = connection.request("GET", path, {"Authorization": f"Bearer {token}"})
            if response.status != 200:
                raise RuntimeError(f"GET {path} answered {response.status}: {response.body[:200]!r}")
            page = json.loads(response.body)
            ids.extend(item["id"] for item in page["attempts"])
            cursor = page.get("next_cursor")
            if not cursor:
                return ids


if __name__ == "__main__":
    harness.run("crash_durability", test, time_limit=90)
