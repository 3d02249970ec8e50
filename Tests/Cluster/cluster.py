"""Several nodes on one PostgreSQL: three `folio serve --database-url … --port 0` behind nginx (round robin).

Each node serves its own copy of Content/ from a temporary folder. The test starts its own throwaway
PostgreSQL with scripts/postgres.sh (FOLIO_PG_DIR/FOLIO_PG_PORT of its own), and checks, in order:

1. a learner made on node A answers on A, and its attempt is seen through node B;
2. a cohort's join link made on A works on B, and the learner who joined there is in the cohort on C;
3. a content edit (every node's copy but C's) reloaded on A is served by B within 10 s; C, whose files
   differ, reports "drift" in /healthz and /metrics and keeps serving;
4. SIGKILL of node B while clients post attempts through nginx: every acknowledged attempt is stored once;
5. the database stopped: writes and learner reads answer 503 with Retry-After, anonymous pages are still
   served, and every node takes attempts again within 10 s of the database's return, without a restart;
6. PostgreSQL restarted while clients post attempts: the nodes take attempts again within 10 s;
and finally that every attempt acknowledged in any phase is stored exactly once (read with psql).

Run as `python3 Tests/Cluster/cluster.py PATH_TO_FOLIO REPO_ROOT OUTPUT_DIR` (nginx and PostgreSQL's
server binaries installed); standard library only; talks to 127.0.0.1 only.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Robustness", "support"))
import harness  # noqa: E402

NODES = ("A", "B", "C")
ADMIN_TOKEN = "cluster-admin-token-" + "0123456789abcdef"
QUESTION = "/api/v1/it/checkpoints/ch0-q1/attempts"
CLIENTS = 6
LEARNERS = 12
WITHIN = 10.0


def log(message):
    print(f"[cluster {time.strftime('%H:%M:%S')}] {message}", flush=True)


class Postgres:
    """The test's own PostgreSQL through scripts/postgres.sh, with stop/start for the fault phases."""

    def __init__(self, root, folder):
        self.script = os.path.join(root, "scripts", "postgres.sh")
        self.environment = dict(os.environ, FOLIO_PG_DIR=folder, FOLIO_PG_PORT=os.environ.get(
            "FOLIO_CLUSTER_PG_PORT", "55433"))
        self.folder = folder
        self.url = None

    def start(self):
        self.url = subprocess.run([self.script, "start"], env=self.environment, check=True, capture_output=True,
                                  text=True, timeout=120).stdout.strip().splitlines()[-1]
        return self.url

    def pg_ctl(self, *arguments):
        binary = sorted(os.listdir("/usr/lib/postgresql"))[-1]
        command = [f"/usr/lib/postgresql/{binary}/bin/pg_ctl", "-D", os.path.join(self.folder, "data"),
                   "-l", os.path.join(self.folder, "pg.log"), "-w", "-t", "60", *arguments]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--"] + command
        subprocess.run(command, check=True, capture_output=True, timeout=90)

    def options(self):
        """The server options scripts/postgres.sh starts with (a plain `pg_ctl start` would use port 5432)."""
        port = self.environment["FOLIO_PG_PORT"]
        return f"-p {port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=300"

    def psql(self, sql):
        return subprocess.run(["psql", self.url, "-X", "-At", "-F", "\t", "-c", sql], check=True,
                              capture_output=True, text=True, timeout=60).stdout

    def remove(self):
        subprocess.run([self.script, "stop"], env=self.environment, capture_output=True, timeout=120)


class Balancer:
    """nginx on a free loopback port, round robin over the nodes' ports, no retry of a sent POST."""

    def __init__(self, folder):
        self.folder = folder
        self.process = None
        self.port = None

    def start(self, ports):
        os.makedirs(os.path.join(self.folder, "tmp"), exist_ok=True)
        self.port = free_port()
        servers = "\n".join(f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=2s;" for port in ports)
        config = f"""
worker_processes 1;
daemon off;
pid {self.folder}/nginx.pid;
error_log {self.folder}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {self.folder}/tmp/body;
    proxy_temp_path {self.folder}/tmp/proxy;
    fastcgi_temp_path {self.folder}/tmp/fastcgi;
    uwsgi_temp_path {self.folder}/tmp/uwsgi;
    scgi_temp_path {self.folder}/tmp/scgi;
    upstream folio {{
{servers}
        keepalive 16;
    }}
    server {{
        listen 127.0.0.1:{self.port};
        location / {{
            proxy_pass http://folio;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_next_upstream error timeout;
            proxy_connect_timeout 2s;
        }}
    }}
}}
"""
        path = os.path.join(self.folder, "nginx.conf")
        with open(path, "w") as handle:
            handle.write(config)
        self.process = subprocess.Popen(["nginx", "-c", path, "-p", self.folder], stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if harness.get(self.port, "/healthz", timeout=2).status == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("nginx did not come up")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def free_port():
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(port, method, path, body=None, token=None, headers=None, timeout=10.0):
    """One request on a fresh connection; JSON bodies are encoded; returns harness.Response."""
    sent = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    if token:
        sent["Authorization"] = f"Bearer {token}"
    with harness.Connection(port, timeout=timeout) as connection:
        return connection.request(method, path, sent, data)


def body_json(response):
    return json.loads(response.body or b"{}")


class Ledger:
    """Attempts acknowledged with 200 (by attempt id) and answers whose fate is unknown."""

    def __init__(self):
        self.lock = threading.Lock()
        self.acknowledged = {}
        self.statuses = {}
        self.retry_after_missing = 0

    def acknowledge(self, attempt_id, answer):
        with self.lock:
            self.acknowledged.setdefault(attempt_id, []).append(answer)

    def count(self, status, response=None):
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if status == 503 and response is not None and response.header("Retry-After") is None:
                self.retry_after_missing += 1


def post_attempts(port, learners, ledger, stop, tag):
    """Client threads posting unique answers through `port` until `stop` is set."""

    def client(index):
        sequence = 0
        while not stop.is_set():
            token = learners[(index + sequence * CLIENTS) % len(learners)]
            answer = f"in alto e in basso {tag}-{index}-{sequence}"
            sequence += 1
            try:
                response = request(port, "POST", QUESTION, {"answer": answer}, token=token, timeout=5)
            except (OSError, harness.ProtocolError):
                ledger.count("connection")
                time.sleep(0.05)
                continue
            ledger.count(response.status, response)
            if response.status == 200:
                ledger.acknowledge(body_json(response)["attempt_id"], answer)
            elif response.status in (429, 503):
                time.sleep(min(0.5, float(response.header("Retry-After") or "0.2")))
            else:
                time.sleep(0.05)

    threads = [threading.Thread(target=client, args=(index,), daemon=True) for index in range(CLIENTS)]
    for thread in threads:
        thread.start()
    return threads


def wait_until(what, predicate, within):
    """Seconds until `predicate()` held, polling; None when it did not within `within` seconds."""
    started = time.monotonic()
    while time.monotonic() - started < within:
        try:
            if predicate():
                return time.monotonic() - started
        except (OSError, harness.ProtocolError, ValueError, KeyError):
            pass
        time.sleep(0.1)
    log(f"{what}: not within {within} s")
    return None


def takes_attempts(node, token):
    response = request(node.port, "POST", QUESTION, {"answer": "in alto e in basso, di nuovo"}, token=token,
                       timeout=3)
    return response.status == 200


def edit_title(content, title):
    path = os.path.join(content, "it.txt")
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    lines = [title if line.startswith("Capitolo 3 · ") else line for line in lines]
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))


def body(arguments, checks):
    scratch = tempfile.mkdtemp(prefix="folio-cluster-")
    os.chmod(scratch, 0o755)  # the server runs as an unprivileged user and needs to reach its folder
    postgres = Postgres(arguments.root, os.path.join(scratch, "pg"))
    balancer = Balancer(os.path.join(scratch, "nginx"))
    nodes = {}
    try:
        url = postgres.start()
        log(f"PostgreSQL at {url}")
        for name in NODES:
            content = os.path.join(scratch, f"content-{name}")
            shutil.copytree(os.path.join(arguments.root, "Content"), content)
            nodes[name] = harness.Folio(arguments, url, name=f"node-{name}", content=content,
                                        environment={"FOLIO_ADMIN_TOKEN": ADMIN_TOKEN})
        nodes["A"].start()  # the first applies the migrations; the others find them applied
        for name in NODES[1:]:
            nodes[name].start()
        a, b, c = (nodes[name] for name in NODES)
        balancer.start([node.port for node in nodes.values()])
        log(f"nodes on ports {[node.port for node in nodes.values()]}, nginx on {balancer.port}")
        ledger = Ledger()

        # 1. A learner made on A answers on A and sees the attempt through B.
        created = request(a.port, "POST", "/api/v1/learners", {"display_name": "Made on A", "language": "it"})
        checks.expect(created.status == 201, f"learner on A: {created.status}")
        learner = body_json(created)
        answered = request(a.port, "POST", QUESTION, {"answer": "in alto e in basso"}, token=learner["token"])
        checks.expect(answered.status == 200, f"attempt on A: {answered.status}")
        attempt_id = body_json(answered).get("attempt_id")
        ledger.acknowledge(attempt_id, "in alto e in basso")
        seen = request(b.port, "GET", "/api/v1/me/attempts", token=learner["token"])
        checks.expect(seen.status == 200, f"attempts through B: {seen.status}")
        ids = [item.get("id") for item in body_json(seen).get("attempts", [])]
        checks.expect(attempt_id in ids, f"B sees A's attempt {attempt_id}: {ids}")

        # 2. A cohort's join link made on A works on B; the learner who joined on B is in it on C.
        cohort = request(a.port, "POST", "/api/v1/admin/cohorts", {"name": "Cluster team"}, token=ADMIN_TOKEN)
        checks.expect(cohort.status == 201, f"cohort on A: {cohort.status}")
        code = body_json(cohort)["join_code"]
        checks.expect(request(b.port, "GET", f"/join/{code}").status == 200, "the join page on B")
        joined = request(b.port, "POST", "/api/v1/learners", {"display_name": "Joined on B", "language": "it", "cohort_code": code})
        checks.expect(joined.status == 201, f"joining on B: {joined.status} {joined.body[:200]!r}")
        me = body_json(request(c.port, "GET", "/api/v1/me", token=body_json(joined).get("token")))
        checks.expect((me.get("cohort") or {}).get("name") == "Cluster team", f"the cohort seen on C: {me}")

        # 3. A content edit reloaded on A is served by B within 10 s; C's files differ: drift.
        title = "Capitolo 3 · Modificato sul nodo A"
        for name in ("A", "B"):
            edit_title(nodes[name].content, title)
        reload = request(a.port, "POST", "/admin/reload", token=ADMIN_TOKEN, timeout=60)
        checks.expect(reload.status == 200, f"reload on A: {reload.status}")
        served = wait_until("B serves the edit", lambda: title.endswith(body_json(
            request(b.port, "GET", "/api/v1/it/chapters/3")).get("title", "\0")), WITHIN)
        checks.expect(served is not None, "B serves the content reloaded on A within 10 s")
        log(f"B served the edit after {served or 0:.1f} s")
        drift = wait_until("C reports drift", lambda: body_json(
            request(c.port, "GET", "/healthz")).get("content_state") == "drift", WITHIN)
        checks.expect(drift is not None, "C, whose files differ, reports drift in /healthz")
        health_b = body_json(request(b.port, "GET", "/healthz"))
        checks.expect(health_b.get("content_state") == "current", f"B is current: {health_b}")
        metrics = request(c.port, "GET", "/metrics", token=ADMIN_TOKEN).body.decode()
        checks.expect("\nfolio_content_drift 1\n" in metrics, "C's /metrics says folio_content_drift 1")
        checks.expect(request(c.port, "GET", "/it/").status == 200, "C keeps serving")

        learners = []
        for index in range(LEARNERS):
            made = request(balancer.port, "POST", "/api/v1/learners", {"display_name": f"Load {index}", "language": "it"})
            checks.expect(made.status == 201, f"load learner {index}: {made.status}")
            learners.append(body_json(made).get("token"))

        # 4. SIGKILL of B while clients post attempts to every node through nginx.
        stop = threading.Event()
        threads = post_attempts(balancer.port, learners, ledger, stop, "kill")
        time.sleep(2.0)
        log("SIGKILL node B")
        b.kill()
        time.sleep(2.0)
        stop.set()
        for thread in threads:
            thread.join(timeout=15)
        log(f"statuses under the kill: {ledger.statuses}")
        checks.expect(len(ledger.acknowledged) > 20, f"attempts were acknowledged: {len(ledger.acknowledged)}")
        b.start()

        # 5. The database unreachable: 503 with Retry-After for writes and learner reads; pages served.
        log("stopping PostgreSQL")
        postgres.pg_ctl("-m", "fast", "stop")
        write = request(a.port, "POST", QUESTION, {"answer": "in alto"}, token=learners[0])
        checks.expect(write.status == 503 and write.header("Retry-After") is not None,
                      f"a write without the database: {write.status} {write.header('Retry-After')}")
        checks.expect(b"database_unavailable" in write.body, f"the error code: {write.body[:200]!r}")
        read = request(b.port, "GET", "/api/v1/me/attempts", token=learners[0])
        checks.expect(read.status == 503 and read.header("Retry-After") is not None,
                      f"a learner read without the database: {read.status}")
        for node in nodes.values():
            checks.expect(request(node.port, "GET", "/it/chapters/1").status == 200,
                          f"{node.name} serves anonymous pages without the database")
        checks.expect(request(c.port, "GET", "/api/v1/it/search?q=contenitore").status == 200,
                      "search is served from memory without the database")
        health = request(c.port, "GET", "/healthz")
        checks.expect(health.status == 503 and body_json(health).get("database") == "unavailable",
                      f"/healthz without the database: {health.status} {health.body[:200]!r}")
        pids = {name: node.pid for name, node in nodes.items()}
        postgres.pg_ctl("start", "-o", postgres.options())
        log("PostgreSQL back")
        for node in nodes.values():
            took = wait_until(f"{node.name} takes attempts", lambda node=node: takes_attempts(node, learners[1]),
                              WITHIN)
            checks.expect(took is not None, f"{node.name} takes attempts within 10 s of the database's return")

        # 6. PostgreSQL restarted while clients post attempts.
        stop = threading.Event()
        threads = post_attempts(balancer.port, learners, ledger, stop, "restart")
        time.sleep(1.5)
        log("restarting PostgreSQL under load")
        postgres.pg_ctl("-m", "fast", "restart")
        restarted = time.monotonic()
        for node in nodes.values():
            took = wait_until(f"{node.name} after the restart",
                              lambda node=node: takes_attempts(node, learners[2]), WITHIN)
            checks.expect(took is not None, f"{node.name} takes attempts within 10 s after the restart")
        log(f"every node took attempts {time.monotonic() - restarted:.1f} s after the restart")
        time.sleep(1.0)
        stop.set()
        for thread in threads:
            thread.join(timeout=15)
        log(f"statuses: {ledger.statuses}")
        checks.expect(ledger.retry_after_missing == 0, f"{ledger.retry_after_missing} 503s without Retry-After")
        checks.expect(all(node.alive() and node.pid == pids[name] for name, node in nodes.items()),
                      "no node was restarted")

        # Every acknowledged attempt is stored exactly once.
        stored = {}
        for line in postgres.psql("SELECT id, answer FROM attempts").splitlines():
            identifier, answer = line.split("\t", 1)
            stored.setdefault(int(identifier), []).append(answer)
        answers = {}
        for answer_list in stored.values():
            for answer in answer_list:
                answers[answer] = answers.get(answer, 0) + 1
        missing = [i for i in ledger.acknowledged if i not in stored]
        wrong = [i for i, sent in ledger.acknowledged.items() if i in stored and stored[i] != sent[:1]]
        doubled = [i for i, sent in ledger.acknowledged.items() if len(sent) > 1 or answers.get(sent[0], 0) > 1]
        checks.expect(not missing, f"{len(missing)} acknowledged attempts missing: {missing[:5]}")
        checks.expect(not wrong, f"{len(wrong)} acknowledged attempts stored with another answer: {wrong[:5]}")
        checks.expect(not doubled, f"{len(doubled)} acknowledged attempts stored twice: {doubled[:5]}")
        log(f"{len(ledger.acknowledged)} acknowledged attempts, all stored once")
    finally:
        balancer.stop()
        for node in nodes.values():
            if node.alive():
                node.stop()
        postgres.remove()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    harness.run("cluster", body, time_limit=240)
