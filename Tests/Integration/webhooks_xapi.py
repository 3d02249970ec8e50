"""Webhooks and xAPI against a running server, checked with the conventions' own libraries.

    python webhooks_xapi.py BASE_URL [OUTPUT_DIR]      (FOLIO_ADMIN_TOKEN in the environment)

A receiver on 127.0.0.1 is registered for learner.completed and attempt.graded; a learner in a cohort that
requires ch0 answers ch0's three questions. The completion must arrive within 10 s, name the learner and
verify with standardwebhooks (the Standard Webhooks reference library). Then every statement of
GET /api/v1/xapi/statements must parse with tincan (the xAPI client library) and carry id, actor, verb,
object, result with score and timestamp. Exit 0 = pass.
"""

import http.server
import json
import os
import sys
import threading
import time
import urllib.request
import uuid

import standardwebhooks
import tincan

BASE = sys.argv[1].rstrip("/") if len(sys.argv) > 1 else os.environ["FOLIO_URL"].rstrip("/")
ADMIN = os.environ["FOLIO_ADMIN_TOKEN"]
ANSWERS = [("ch0-q1", "in alto e in basso"), ("ch0-q2", "1"), ("ch0-q3", "No")]


class Receiver(http.server.BaseHTTPRequestHandler):
    received = []
    lock = threading.Lock()

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with Receiver.lock:
            Receiver.received.append(({k.lower(): v for k, v in self.headers.items()}, body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def call(method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw = response.read()
            return response.status, dict(response.headers), (json.loads(raw) if raw else None)
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), json.loads(error.read() or b"null")


def check(condition, message):
    if not condition:
        print("FAIL:", message)
        sys.exit(1)


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    hook_url = f"http://127.0.0.1:{server.server_address[1]}/folio"

    status, _, hook = call(
        "POST", "/api/v1/admin/webhooks", {"url": hook_url, "events": ["learner.completed", "attempt.graded"]}, ADMIN)
    check(status == 201 and hook["secret"].startswith("whsec_"), f"webhook registration: {status} {hook}")
    status, _, bad = call("POST", "/api/v1/admin/webhooks", {"url": "ftp://x/y", "events": ["attempt.graded"]}, ADMIN)
    check(status == 422 and "url" in bad["error"]["message"], f"a non-http URL is 422 naming url: {status}")
    try:
        name = "Webhook tester " + uuid.uuid4().hex[:8]
        status, _, cohort = call("POST", "/api/v1/admin/cohorts", {"name": name, "required": ["ch0"]}, ADMIN)
        check(status == 201, f"cohort: {status} {cohort}")
        status, _, learner = call(
            "POST", "/api/v1/learners", {"display_name": name, "language": "it", "cohort_code": cohort["join_code"]})
        check(status == 201, f"learner: {status} {learner}")
        started = time.monotonic()
        for question, answer in ANSWERS:
            status, _, graded = call(
                "POST", f"/api/v1/it/checkpoints/{question}/attempts", {"answer": answer}, learner["token"])
            check(status == 200 and graded["verdict"] == "correct", f"{question}: {status} {graded}")

        completed = None
        while completed is None and time.monotonic() - started < 10:
            with Receiver.lock:
                for headers, body in Receiver.received:
                    payload = json.loads(body)
                    if payload["type"] == "learner.completed" and payload["data"]["learner"]["id"] == learner["id"]:
                        completed = (headers, body, payload)
            time.sleep(0.1)
        check(completed is not None, "learner.completed did not arrive within 10 s")
        headers, body, payload = completed
        check(payload["data"]["learner"]["display_name"] == name, f"the event names the learner: {payload}")
        verifier = standardwebhooks.Webhook(hook["secret"])
        verifier.verify(body, headers)  # raises on a bad signature or a stale timestamp
        with Receiver.lock:
            graded = [(h, b) for h, b in Receiver.received if json.loads(b)["type"] == "attempt.graded"]
        check(len(graded) >= 3, f"attempt.graded for each answer: {len(graded)}")
        for h, b in graded:
            verifier.verify(b, h)
        print(f"learner.completed verified with standardwebhooks after {time.monotonic() - started:.2f} s")

        status, _, token = call("POST", "/api/v1/admin/tokens", {"name": "xAPI reader", "scope": "read:scores"}, ADMIN)
        check(status == 201, f"token: {status}")
        path, mine, total = "/api/v1/xapi/statements?limit=200", [], 0
        while path:
            status, response_headers, page = call("GET", path, token=token["token"])
            check(status == 200, f"statements: {status}")
            check(response_headers.get("X-Experience-API-Version") == "1.0.3", "X-Experience-API-Version header")
            for raw in page["statements"]:
                statement = tincan.Statement(raw)
                check(statement.id is not None and str(statement.id) == raw["id"], f"id: {raw['id']}")
                check(statement.actor.account.home_page.startswith("http"), "actor account homePage")
                check(statement.verb.id == "http://adlnet.gov/expapi/verbs/answered", "verb")
                check(statement.object.id.startswith("http") and "#" in statement.object.id, "object id")
                check(statement.result.score.scaled is not None, "result.score.scaled")
                check(statement.result.success is not None, "result.success")
                check(statement.timestamp is not None, "timestamp")
                check(statement.context.language == "it" or statement.context.language, "context.language")
                total += 1
                if statement.actor.account.name == str(learner["id"]):
                    mine.append(statement)
            path = page["more"]
        check(len(mine) == len(ANSWERS), f"one statement per attempt of the learner: {len(mine)}")
        check(all(s.result.success for s in mine), "the learner's answers were correct")
        print(f"{total} statements parsed with tincan; {len(mine)} for the learner")
    finally:
        call("DELETE", f"/api/v1/admin/webhooks/{hook['id']}", token=ADMIN)
        server.shutdown()


if __name__ == "__main__":
    main()
