"""Shared pieces of the robustness tests: arguments, a `folio serve` process, a raw HTTP/1.1 client, checks.

Standard library only. Every test is run as `python3 TEST.py PATH_TO_FOLIO REPO_ROOT OUTPUT_DIR`, talks to
127.0.0.1 only, and kills every server it started in a `finally` (the `Folio` context manager does it).
"""

import os
import re
import resource
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time

LISTENING = re.compile(r"^listening on http://(127\.0\.0\.1):(\d+)$")


class Arguments:
    """The three positional arguments every robustness test takes."""

    def __init__(self, binary, root, output):
        self.binary = os.path.abspath(binary)
        self.root = os.path.abspath(root)
        self.output = os.path.abspath(output)


def parse_arguments(test_name):
    """Reads BINARY ROOT OUTPUT_DIR from the command line (usage and exit 2 otherwise); makes OUTPUT_DIR."""
    if len(sys.argv) != 4:
        print(f"usage: python3 {test_name}.py PATH_TO_FOLIO_BINARY REPO_ROOT OUTPUT_DIR", file=sys.stderr)
        sys.exit(2)
    arguments = Arguments(*sys.argv[1:])
    if not os.access(arguments.binary, os.X_OK):
        print(f"error: {arguments.binary} is not an executable", file=sys.stderr)
        sys.exit(2)
    for folder in ("Content", "Public", "Migrations"):
        if not os.path.isdir(os.path.join(arguments.root, folder)):
            print(f"error: {arguments.root} has no {folder}/ (is it the repository root?)", file=sys.stderr)
            sys.exit(2)
    arguments.output = os.path.join(arguments.output, test_name)
    os.makedirs(arguments.output, exist_ok=True)
    return arguments


def raise_descriptor_limit(wanted):
    """Raises this process's soft RLIMIT_NOFILE towards `wanted` (children inherit it); returns the new limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return soft


class TimeLimit:
    """Raises TimeoutError in the main thread after `seconds` (SIGALRM), so a hang still reaches `finally`."""

    def __init__(self, seconds, what):
        self.seconds = seconds
        self.what = what

    def _expired(self, _signal, _frame):
        raise TimeoutError(f"{self.what} did not finish within {self.seconds} s")

    def __enter__(self):
        signal.signal(signal.SIGALRM, self._expired)
        signal.alarm(self.seconds)
        return self

    def __exit__(self, *_):
        signal.alarm(0)
        return False


class Folio:
    """`folio serve --port 0` on a given database; stdout and stderr go to files in the output folder."""

    def __init__(self, arguments, database, name="server", extra_arguments=(), environment=None,
                 descriptor_limit=None, content=None):
        """`database` is a SQLite path, or a `postgres://` URL passed as `--database-url`; `content` a
        Content/ folder (the repository's by default)."""
        self.arguments = arguments
        self.content = content or os.path.join(arguments.root, "Content")
        self.descriptor_limit = descriptor_limit
        self.database = database
        self.name = name
        self.extra_arguments = list(extra_arguments)
        self.environment = dict(os.environ)
        self.environment["FOLIO_ADMIN_TOKEN"] = "robustness-" + secrets.token_hex(16)
        self.environment.update(environment or {})
        self.process = None
        self.port = None
        self.starts = 0
        self.stderr_path = None

    @property
    def pid(self):
        return self.process.pid if self.process else None

    def start(self, timeout=45):
        """Starts the server and waits for its listening line (the first line of stderr) and a 200 /healthz."""
        self.starts += 1
        base = os.path.join(self.arguments.output, f"{self.name}-{self.starts}")
        self.stderr_path = base + ".stderr"
        command = [
            self.arguments.binary, "serve", "--host", "127.0.0.1", "--port", "0",
            "--database-url" if self.database.startswith(("postgres://", "postgresql://")) else "--db", self.database,
            "--content", self.content,
            "--public", os.path.join(self.arguments.root, "Public"),
            "--migrations", os.path.join(self.arguments.root, "Migrations"),
        ] + self.extra_arguments
        limit = self.descriptor_limit

        def limit_descriptors():  # soft and hard RLIMIT_NOFILE of the server only
            if limit:
                resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

        with open(base + ".stdout", "wb") as stdout, open(self.stderr_path, "wb") as stderr:
            self.process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr, env=self.environment,
                start_new_session=True, preexec_fn=limit_descriptors if limit else None)
        deadline = time.monotonic() + timeout
        first_line = None
        while time.monotonic() < deadline:
            with open(self.stderr_path, "rb") as stderr:
                text = stderr.read()
            if b"\n" in text:
                first_line = text.split(b"\n", 1)[0].decode("utf-8", "replace")
                break
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited {self.process.returncode} before listening:\n"
                                   + self.stderr_tail())
            time.sleep(0.02)
        if first_line is None:
            raise RuntimeError(f"{self.name} printed no listening line within {timeout} s")
        match = LISTENING.match(first_line)
        if not match:
            raise RuntimeError(f"{self.name}: first stderr line is {first_line!r}, not 'listening on http://…'")
        self.port = int(match.group(2))
        while time.monotonic() < deadline:
            try:
                if get(self.port, "/healthz", timeout=2).status == 200:
                    return self
            except OSError:
                pass
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"{self.name} did not answer 200 on /healthz:\n" + self.stderr_tail())

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def kill(self):
        """SIGKILL, then reap; returns the exit status (negative signal number)."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        return self.process.wait(timeout=10)

    def stop(self, grace=10):
        """SIGTERM, then SIGKILL after `grace` seconds; returns the exit status (0 after a clean shutdown)."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                return self.process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                print(f"note: {self.name} (pid {self.pid}) ignored SIGTERM for {grace} s; killing it")
        return self.kill()

    def stderr_tail(self, lines=30):
        if not self.stderr_path or not os.path.exists(self.stderr_path):
            return ""
        with open(self.stderr_path, "rb") as stderr:
            text = stderr.read().decode("utf-8", "replace")
        return "\n".join(text.splitlines()[-lines:])

    def status_field(self, name):
        """A field of /proc/PID/status in kB (VmRSS, VmHWM), or None."""
        try:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith(name + ":"):
                        return int(line.split()[1])
        except OSError:
            return None
        return None

    def descriptors(self):
        """The server's open descriptors by kind (socket, anon_inode:[eventpoll], a file path ...)."""
        kinds = {}
        folder = f"/proc/{self.pid}/fd"
        for entry in os.listdir(folder):
            try:
                target = os.readlink(os.path.join(folder, entry))
            except OSError:
                continue
            kind = target.split(":", 1)[0] if target.startswith(("socket:", "pipe:")) else target
            kinds[kind] = kinds.get(kind, 0) + 1
        return kinds

    def __enter__(self):
        return self

    def __exit__(self, *_):
        try:
            if self.alive():
                self.kill()
        except Exception as error:  # never let cleanup hide the test's own failure
            print(f"note: could not kill {self.name}: {error}")
        return False


class Response:
    def __init__(self, status, reason, headers, body):
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body

    def header(self, name):
        values = self.headers.get(name.lower())
        return values[-1] if values else None


class ProtocolError(Exception):
    pass


class Connection:
    """A blocking HTTP/1.1 client connection that reads responses with a buffer (keep-alive, pipelining)."""

    def __init__(self, port, timeout=5.0, source=None):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        if source:
            # The port is picked at connect time, per destination, so many sources do not exhaust ports.
            self.sock.setsockopt(socket.IPPROTO_IP, getattr(socket, "IP_BIND_ADDRESS_NO_PORT", 24), 1)
            self.sock.bind((source, 0))
        self.sock.connect(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    @classmethod
    def adopting(cls, sock):
        """A Connection reading responses from an already connected socket."""
        connection = cls.__new__(cls)
        connection.sock = sock
        connection.buffer = b""
        return connection

    def send(self, data):
        self.sock.sendall(data)

    def _fill(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ProtocolError("connection closed by the server")
        self.buffer += chunk

    def read_response(self, head_only=False):
        while b"\r\n\r\n" not in self.buffer:
            if len(self.buffer) > 65536:
                raise ProtocolError("response head over 64 KiB")
            self._fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.split(b"\r\n")
        parts = lines[0].split(b" ", 2)
        if len(parts) < 2 or not parts[0].startswith(b"HTTP/1.") or not parts[1].isdigit():
            raise ProtocolError(f"bad status line {lines[0][:80]!r}")
        headers = {}
        for line in lines[1:]:
            name, separator, value = line.partition(b":")
            if not separator:
                raise ProtocolError(f"bad header line {line[:80]!r}")
            headers.setdefault(name.decode("latin-1").strip().lower(), []).append(
                value.decode("latin-1").strip())
        status = int(parts[1])
        length = 0
        if not head_only and status >= 200 and status not in (204, 304):
            declared = headers.get("content-length")
            if declared is None:
                raise ProtocolError("response without Content-Length")
            length = int(declared[-1])
        while len(self.buffer) < length:
            self._fill()
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        reason = parts[2].decode("latin-1") if len(parts) > 2 else ""
        return Response(status, reason, headers, body)

    def request(self, method, path, headers=None, body=None):
        self.send(build_request(method, path, headers, body))
        return self.read_response(head_only=method == "HEAD")

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()
        return False


def build_request(method, path, headers=None, body=None):
    """Request bytes with Host and, for a body, Content-Length (str bodies are UTF-8)."""
    if isinstance(body, str):
        body = body.encode("utf-8")
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    if body is not None:
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8") + (body or b"")


def get(port, path, timeout=5.0, headers=None):
    """One GET on a new connection."""
    with Connection(port, timeout=timeout) as connection:
        return connection.request("GET", path, headers)


def percentile(values, fraction):
    """The nearest-rank percentile of a non-empty list."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, int(round(fraction * len(ordered) + 0.5)) - 1))
    return ordered[index]


def latency_summary(seconds):
    """'n=…, p50 … ms, p99 … ms, max … ms' for a list of durations in seconds."""
    if not seconds:
        return "n=0"
    return (f"n={len(seconds)}, p50 {percentile(seconds, 0.50) * 1000:.1f} ms, "
            f"p99 {percentile(seconds, 0.99) * 1000:.1f} ms, max {max(seconds) * 1000:.1f} ms")


class Checks:
    """Collects failed expectations; each is printed as it happens and the test exits 1 if any failed."""

    def __init__(self, name):
        self.name = name
        self.failures = []
        self.passed = 0
        self.started = time.monotonic()
        self.lock = threading.Lock()

    def expect(self, condition, message):
        with self.lock:
            if condition:
                self.passed += 1
            else:
                self.failures.append(message)
                print(f"FAIL: {message}", flush=True)
        return condition

    def fail(self, message):
        return self.expect(False, message)

    def finish(self):
        elapsed = time.monotonic() - self.started
        if self.failures:
            print(f"{self.name}: FAILED, {len(self.failures)} of {len(self.failures) + self.passed} checks "
                  f"failed in {elapsed:.1f} s", flush=True)
            return 1
        print(f"{self.name}: passed, {self.passed} checks in {elapsed:.1f} s", flush=True)
        return 0


def run(test_name, body, time_limit):
    """Runs `body(arguments, checks)` under a time limit; exits 0 when every check passed."""
    arguments = parse_arguments(test_name)
    checks = Checks(test_name)
    try:
        with TimeLimit(time_limit, test_name):
            body(arguments, checks)
    except Exception as error:  # a crash of the harness or the test is a failure, reported plainly
        checks.fail(f"{type(error).__name__}: {error}")
    sys.exit(checks.finish())
