"""Hostile HTTP: a corpus of malformed and smuggling-shaped requests over raw sockets against the real binary.

Each case is sent on its own connection and must get one of its expected statuses, or a close where a close
is allowed; never a hang, a malformed response, or a second response (a smuggled request). Refusals of
malformed framing must also close the connection. A few valid controls make sure the corpus is not passing
by refusing everything. After the corpus the server must still be alive and answer /healthz, and its stderr
must show no crash.
"""

import json
import os
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import harness  # noqa: E402

CLOSE = "close"  # the server closed the connection without answering
H = b"Host: 127.0.0.1\r\n"
LEARNER = json.dumps({"display_name": "hostile", "language": "it"}).encode()
JSON = b"Content-Type: application/json\r\n"
HIDDEN = b"GET /nowhere HTTP/1.1\r\n" + H + b"\r\n"


def chunked(body, size=7):
    parts = [b"%x\r\n%s\r\n" % (len(body[i:i + size]), body[i:i + size]) for i in range(0, len(body), size)]
    return b"".join(parts) + b"0\r\n\r\n"


def post_learners(extra_headers, body):
    return b"POST /api/v1/learners HTTP/1.1\r\n" + H + JSON + extra_headers + b"\r\n" + body


TWO_MB = b"x" * (2 * 1024 * 1024)

# (name, request bytes, expected outcomes, the connection must close afterwards)
CORPUS = [
    # Controls: valid requests are served, so refusals below are not refusals of everything.
    ("control: GET /healthz", b"GET /healthz HTTP/1.1\r\n" + H + b"\r\n", {200}, False),
    ("control: HTTP/1.0 without Host", b"GET /healthz HTTP/1.0\r\n\r\n", {200}, True),
    ("control: absolute-form target", b"GET http://127.0.0.1/healthz HTTP/1.1\r\n" + H + b"\r\n", {200}, False),
    ("control: chunked JSON body", post_learners(b"Transfer-Encoding: chunked\r\n", chunked(LEARNER)), {201}, False),
    ("control: duplicate equal Content-Length",
     post_learners(b"Content-Length: %d\r\nContent-Length: %d\r\n" % (len(LEARNER), len(LEARNER)), LEARNER),
     {201, 400}, False),
    ("control: obs-text in a header value", b"GET /healthz HTTP/1.1\r\n" + H + b"X-Name: caf\xe9\r\n\r\n", {200}, False),
    ("control: two empty lines before the request", b"\r\n\r\nGET /healthz HTTP/1.1\r\n" + H + b"\r\n", {200}, False),
    ("control: a GET body holding a request is a body, not a second request",
     b"GET /healthz HTTP/1.1\r\n" + H + b"Content-Length: %d\r\n\r\n%s" % (len(HIDDEN), HIDDEN), {200}, False),
    ("control: nothing is read after Connection: close",
     b"GET /healthz HTTP/1.1\r\n" + H + b"Connection: close\r\n\r\nGET /nowhere HTTP/1.1\r\n" + H + b"\r\n",
     {200}, True),
    # Request lines.
    ("request line without target", b"GET\r\n" + H + b"\r\n", {400}, True),
    ("HTTP/0.9 request", b"GET /\r\n\r\n", {400, CLOSE}, True),
    ("HTTP/2 connection preface", b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", {400, 505, CLOSE}, True),
    ("HTTP/1.2", b"GET / HTTP/1.2\r\n" + H + b"\r\n", {505, 400}, True),
    ("HTTP/3.0", b"GET / HTTP/3.0\r\n" + H + b"\r\n", {505, 400}, True),
    ("malformed version", b"GET / HTTX/1.1\r\n" + H + b"\r\n", {400}, True),
    ("trailing garbage after version", b"GET / HTTP/1.1 x\r\n" + H + b"\r\n", {400}, True),
    ("two spaces before the target", b"GET  / HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("invalid method characters", b"G@T / HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("unknown method", b"BREW /pot HTTP/1.1\r\n" + H + b"\r\n", {501}, True),
    ("lower-case method", b"get / HTTP/1.1\r\n" + H + b"\r\n", {501, 400}, True),
    ("CONNECT authority form", b"CONNECT 127.0.0.1:443 HTTP/1.1\r\n" + H + b"\r\n", {400, 501}, True),
    ("asterisk target for GET", b"GET * HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    # No CRLF ever comes, so the head is cut by the end of input (or the 10 s header timeout).
    ("TLS ClientHello, then half-close", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 64,
     {400, 408, CLOSE}, True),
    ("five empty lines before the request", b"\r\n" * 5 + b"GET / HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("request line of 9 KB", b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n" + H + b"\r\n", {414}, True),
    ("endless request line (64 KB, no CRLF)", b"GET /" + b"a" * 65536, {414}, True),
    # Targets: NUL, control bytes, non-UTF-8, traversal.
    ("NUL byte in the target", b"GET /\x00 HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("encoded NUL in the path", b"GET /static/%00folio.css HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("encoded NUL in the query", b"GET /it/search?q=a%00b HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("raw non-UTF-8 byte in the path", b"GET /\xff\xfe HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("encoded non-UTF-8 path", b"GET /static/%ff%fe.css HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("overlong UTF-8 slash", b"GET /static/%c0%af..%c0%afetc HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("invalid percent-encoding", b"GET /%zz HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("truncated percent-encoding", b"GET /static/a% HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("dot-dot traversal", b"GET /static/../Package.swift HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("encoded dot-dot traversal", b"GET /static/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("encoded slash", b"GET /static/..%2fPackage.swift HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("fragment in the target", b"GET /healthz#x HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    ("DEL byte in the target", b"GET /a\x7fb HTTP/1.1\r\n" + H + b"\r\n", {400}, True),
    # Header blocks: bare CR/LF injection, folding, names, NUL, sizes, Host.
    ("bare LF line endings", b"GET / HTTP/1.1\n" + b"Host: 127.0.0.1\n\n", {400}, True),
    ("bare LF inside the header block", b"GET / HTTP/1.1\r\n" + H + b"X-A: 1\nX-B: 2\r\n\r\n", {400}, True),
    ("bare CR in a header value", b"GET / HTTP/1.1\r\n" + H + b"X-A: a\rSet-Cookie: x\r\n\r\n", {400}, True),
    ("bare CR ending a line", b"GET / HTTP/1.1\r" + H + b"\r\n", {400}, True),
    ("NUL in a header value", b"GET / HTTP/1.1\r\n" + H + b"X-A: a\x00b\r\n\r\n", {400}, True),
    ("control byte in a header value", b"GET / HTTP/1.1\r\n" + H + b"X-A: a\x01b\r\n\r\n", {400}, True),
    ("obsolete line folding", b"GET / HTTP/1.1\r\n" + H + b"X-A: a\r\n b\r\n\r\n", {400}, True),
    ("space before the colon", b"GET / HTTP/1.1\r\n" + H + b"Content-Length : 5\r\n\r\nhello", {400}, True),
    ("header line without colon", b"GET / HTTP/1.1\r\n" + H + b"NoColonHere\r\n\r\n", {400}, True),
    ("empty header name", b"GET / HTTP/1.1\r\n" + H + b": value\r\n\r\n", {400}, True),
    ("non-ASCII header name", b"GET / HTTP/1.1\r\n" + H + b"X-\xc3\xa9: 1\r\n\r\n", {400}, True),
    ("missing Host in HTTP/1.1", b"GET /healthz HTTP/1.1\r\n\r\n", {400}, True),
    ("two Host headers", b"GET /healthz HTTP/1.1\r\n" + H + b"Host: evil.example\r\n\r\n", {400}, True),
    ("Host with a space", b"GET /healthz HTTP/1.1\r\nHost: a b\r\n\r\n", {400}, True),
    ("header value of 20 KB", b"GET / HTTP/1.1\r\n" + H + b"X-Long: " + b"a" * 20000 + b"\r\n\r\n", {431}, True),
    ("101 header fields", b"GET / HTTP/1.1\r\n" + H + b"".join(b"X-%d: 1\r\n" % i for i in range(101)) + b"\r\n",
     {431}, True),
    ("endless header block (64 KB, no end)", b"GET / HTTP/1.1\r\n" + H + b"X-A: 1\r\n" * 9000, {431}, True),
    # Content-Length.
    ("conflicting Content-Length headers",
     post_learners(b"Content-Length: %d\r\nContent-Length: %d\r\n" % (len(LEARNER), len(LEARNER) + 1), LEARNER),
     {400}, True),
    ("Content-Length list with two values", post_learners(b"Content-Length: 5, 6\r\n", b"hello!"), {400}, True),
    ("negative Content-Length", post_learners(b"Content-Length: -1\r\n", b""), {400}, True),
    ("Content-Length with a plus sign", post_learners(b"Content-Length: +5\r\n", b"hello"), {400}, True),
    ("hexadecimal Content-Length", post_learners(b"Content-Length: 0x10\r\n", b"x" * 16), {400}, True),
    ("Content-Length with inner space", post_learners(b"Content-Length: 1 0\r\n", b"x" * 10), {400}, True),
    ("empty Content-Length", post_learners(b"Content-Length:\r\n", b""), {400}, True),
    ("Content-Length of 30 digits", post_learners(b"Content-Length: " + b"9" * 30 + b"\r\n", b""), {413}, True),
    ("2 MB body (Content-Length)", post_learners(b"Content-Length: %d\r\n" % len(TWO_MB), TWO_MB), {413}, True),
    ("2 MB body (chunked)", post_learners(b"Transfer-Encoding: chunked\r\n", chunked(TWO_MB, 65536)), {413}, True),
    ("body shorter than Content-Length, then half-close", post_learners(b"Content-Length: 100\r\n", b"{}"),
     {CLOSE, 400, 408}, True),
    # Transfer-Encoding and smuggling shapes.
    ("CL.TE: Content-Length and chunked",
     post_learners(b"Content-Length: 6\r\nTransfer-Encoding: chunked\r\n", b"0\r\n\r\nGET /healthz HTTP/1.1\r\n" + H
                   + b"\r\n"), {400}, True),
    ("TE.CL: chunked and Content-Length",
     post_learners(b"Transfer-Encoding: chunked\r\nContent-Length: 4\r\n", b"5c\r\nGPOST / HTTP/1.1\r\n\r\n0\r\n\r\n"),
     {400}, True),
    ("Transfer-Encoding in HTTP/1.0",
     b"POST /api/v1/learners HTTP/1.0\r\n" + H + JSON + b"Transfer-Encoding: chunked\r\n\r\n" + chunked(LEARNER),
     {400}, True),
    ("chunked not last", post_learners(b"Transfer-Encoding: chunked, identity\r\n", chunked(LEARNER)), {400}, True),
    ("chunked twice", post_learners(b"Transfer-Encoding: chunked, chunked\r\n", chunked(LEARNER)), {400}, True),
    ("two Transfer-Encoding headers",
     post_learners(b"Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", chunked(LEARNER)), {400}, True),
    ("gzip then chunked (unsupported coding)", post_learners(b"Transfer-Encoding: gzip, chunked\r\n", chunked(LEARNER)),
     {501}, True),
    ("xchunked", post_learners(b"Transfer-Encoding: xchunked\r\n", chunked(LEARNER)), {400}, True),
    ("empty transfer coding", post_learners(b"Transfer-Encoding: ,chunked\r\n", chunked(LEARNER)), {400}, True),
    ("Transfer-Encoding with a space before the colon",
     post_learners(b"Transfer-Encoding : chunked\r\n", chunked(LEARNER)), {400}, True),
    ("Transfer-Encoding with a vertical tab",
     post_learners(b"Transfer-Encoding:\x0bchunked\r\n", chunked(LEARNER)), {400}, True),
    # Chunk sizes.
    ("non-hex chunk size", post_learners(b"Transfer-Encoding: chunked\r\n", b"zz\r\nhello\r\n0\r\n\r\n"), {400}, True),
    ("negative chunk size", post_learners(b"Transfer-Encoding: chunked\r\n", b"-5\r\nhello\r\n0\r\n\r\n"), {400}, True),
    ("empty chunk size", post_learners(b"Transfer-Encoding: chunked\r\n", b"\r\nhello\r\n0\r\n\r\n"), {400}, True),
    ("chunk size over 64 bits", post_learners(b"Transfer-Encoding: chunked\r\n", b"1" + b"0" * 20 + b"\r\nx\r\n"),
     {413, 400}, True),
    ("chunk size over the body limit", post_learners(b"Transfer-Encoding: chunked\r\n", b"200000\r\nx\r\n"),
     {413}, True),
    ("chunk size with junk", post_learners(b"Transfer-Encoding: chunked\r\n", b"5 x\r\nhello\r\n0\r\n\r\n"),
     {400}, True),
    ("chunk size with a bare LF", post_learners(b"Transfer-Encoding: chunked\r\n", b"5\nhello\r\n0\r\n\r\n"),
     {400}, True),
    ("chunk data longer than its size", post_learners(b"Transfer-Encoding: chunked\r\n", b"2\r\nhello\r\n0\r\n\r\n"),
     {400}, True),
    ("chunk extension of 8 KB", post_learners(b"Transfer-Encoding: chunked\r\n", b"5;" + b"e" * 8192 + b"\r\n"),
     {400}, True),
    ("invalid trailer", post_learners(b"Transfer-Encoding: chunked\r\n", b"0\r\nBad Trailer\r\n\r\n"), {400}, True),
    # Expectations.
    ("Expect: 100-continue with a 2 MB length",
     post_learners(b"Expect: 100-continue\r\nContent-Length: %d\r\n" % len(TWO_MB), b""), {413}, True),
    ("Expect: 100-continue for an unknown route",
     b"POST /nowhere HTTP/1.1\r\n" + H + b"Expect: 100-continue\r\nContent-Length: 10\r\n\r\n", {404, 405}, True),
    ("unsupported expectation", post_learners(b"Expect: 200-ok\r\nContent-Length: 2\r\n", b"{}"), {417}, True),
]


def exchange(port, payload, half_close, wait=4.0):
    """Sends `payload` and reads until the server closes or goes quiet; returns (statuses, closed, raw bytes)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=wait)
    received = b""
    closed = False
    try:
        try:
            sock.sendall(payload)
            if half_close:
                sock.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server refused before reading everything; its answer may still be readable
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            sock.settimeout(max(0.05, min(0.5, deadline - time.monotonic())))
            try:
                data = sock.recv(65536)
            except socket.timeout:
                if received:
                    break  # answered and the connection stays open
                continue
            except ConnectionResetError:
                closed = True
                break
            if not data:
                closed = True
                break
            received += data
    finally:
        sock.close()
    return parse_responses(received), closed, received


def parse_responses(data):
    """The statuses of the well-formed responses in `data`; raises on a malformed one."""
    statuses = []
    while data:
        head, separator, rest = data.partition(b"\r\n\r\n")
        if not separator:
            raise harness.ProtocolError(f"incomplete response head: {data[:120]!r}")
        lines = head.split(b"\r\n")
        parts = lines[0].split(b" ", 2)
        if len(parts) < 3 or parts[0] != b"HTTP/1.1" or not parts[1].isdigit():
            raise harness.ProtocolError(f"bad status line {lines[0][:80]!r}")
        length = None
        for line in lines[1:]:
            name, colon, value = line.partition(b": ")
            if not colon or not name or b" " in name:
                raise harness.ProtocolError(f"header not written 'Name: value': {line[:80]!r}")
            if name.lower() == b"content-length":
                length = int(value)
        status = int(parts[1])
        statuses.append(status)
        if status < 200:
            data = rest
            continue
        if length is None:
            raise harness.ProtocolError(f"{status} response without Content-Length")
        if len(rest) < length:
            raise harness.ProtocolError(f"{status} response body cut short ({len(rest)} of {length} bytes)")
        data = rest[length:]
    return statuses


def expect_continue(port, checks):
    """Expect: 100-continue for an acceptable body: 100 Continue first, then the real answer after the body."""
    with harness.Connection(port, timeout=5) as connection:
        connection.send(post_learners(b"Expect: 100-continue\r\nContent-Length: %d\r\n" % len(LEARNER), b""))
        interim = connection.read_response()
        connection.send(LEARNER)
        final = connection.read_response()
    checks.expect((interim.status, final.status) == (100, 201),
                  f"Expect: 100-continue with a small body: {interim.status} then {final.status}, want 100 then 201")
    return f"{interim.status} then {final.status}"


def pipelined(port, checks):
    """Three requests in one send are three responses, in order: the corpus's 'one response' is not a fluke."""
    payload = (b"GET /healthz HTTP/1.1\r\n" + H + b"\r\n") * 2 + b"GET /nowhere/at/all HTTP/1.1\r\n" + H + b"\r\n"
    statuses, _, _ = exchange(port, payload, half_close=False)
    checks.expect(statuses == [200, 200, 404], f"three pipelined requests: {statuses}, want [200, 200, 404]")
    return ", ".join(map(str, statuses))


def good_then_bad(port, checks):
    """A valid request followed by a malformed one in the same send: 200, then 400, then close."""
    payload = b"GET /healthz HTTP/1.1\r\n" + H + b"\r\n" + b"GET / HTTP/1.1\r\n" + H + b"X: a\rb\r\n\r\n"
    statuses, closed, _ = exchange(port, payload, half_close=False)
    checks.expect(statuses == [200, 400] and closed, f"good then bad request: {statuses}, closed={closed}")
    return f"{', '.join(map(str, statuses))}, {'closed' if closed else 'open'}"


def pipeline_flood(port, checks, count=2000):
    """`count` pipelined requests in one send (far over the 16 the server parses ahead): all answered in order."""
    paths = [b"/healthz", b"/nowhere/at/all"]
    payload = b"".join(b"GET %s HTTP/1.1\r\n" % paths[i % 2] + H + b"\r\n" for i in range(count))
    statuses = []
    with harness.Connection(port, timeout=10) as connection:
        sender = threading.Thread(target=connection.send, args=(payload,), daemon=True)
        sender.start()
        try:
            while len(statuses) < count:
                statuses.append(connection.read_response().status)
        except (OSError, harness.ProtocolError) as error:
            checks.fail(f"pipeline flood: {type(error).__name__} {error} after {len(statuses)} responses")
        sender.join(10)
    wanted = [200 if i % 2 == 0 else 404 for i in range(count)]
    checks.expect(statuses == wanted, f"pipeline flood: {len(statuses)} responses, in order: {statuses == wanted}")
    return f"{len(statuses)} responses in order" if statuses == wanted else "out of order or missing"


def byte_by_byte(port, checks):
    """A valid request written one byte per send: the parser resumes at every byte."""
    payload = post_learners(b"Content-Length: %d\r\n" % len(LEARNER), LEARNER)
    with harness.Connection(port, timeout=5) as connection:
        for index in range(len(payload)):
            connection.send(payload[index:index + 1])
        status = connection.read_response().status
    checks.expect(status == 201, f"request sent byte by byte: {status}, want 201")
    return str(status)


def test(arguments, checks):
    database = os.path.join(arguments.output, "hostile.sqlite")
    with harness.Folio(arguments, database, name="hostile") as server:
        server.start()
        width = max(len(name) for name, *_ in CORPUS)
        for name, payload, expected, must_close in CORPUS:
            try:
                statuses, closed, _ = exchange(server.port, payload, half_close="half-close" in name)
            except (OSError, harness.ProtocolError) as error:
                checks.fail(f"{name}: {type(error).__name__}: {error}")
                continue
            final = [s for s in statuses if s >= 200]
            outcome = final[0] if final else CLOSE if closed else "no answer"
            print(f"  {name:<{width}}  {', '.join(map(str, statuses)) or '-':<8} "
                  f"{'closed' if closed else 'open'}")
            checks.expect(outcome in expected, f"{name}: got {outcome}, want one of {sorted(map(str, expected))}")
            checks.expect(len(final) <= 1, f"{name}: {len(final)} responses ({statuses}): a request was smuggled")
            if must_close:
                checks.expect(closed, f"{name}: the connection stayed open after {outcome}")
            checks.expect(server.alive(), f"{name}: the server died")
            if not server.alive():
                print(server.stderr_tail())
                return
        print(f"  {'Expect: 100-continue, small body':<{width}}  {expect_continue(server.port, checks)}")
        print(f"  {'three pipelined requests':<{width}}  {pipelined(server.port, checks)}")
        print(f"  {'a valid request, then a bare CR':<{width}}  {good_then_bad(server.port, checks)}")
        print(f"  {'2,000 pipelined requests':<{width}}  {pipeline_flood(server.port, checks)}")
        print(f"  {'a POST written one byte per send':<{width}}  {byte_by_byte(server.port, checks)}")
        response = harness.get(server.port, "/healthz")
        checks.expect(response.status == 200, f"/healthz after the corpus answered {response.status}")
        checks.expect(server.alive(), "the server is not running after the corpus")
        status = server.stop()
        checks.expect(status == 0, f"SIGTERM after the corpus: exit status {status}, want 0")
        with open(server.stderr_path, "rb") as stderr:
            log = stderr.read().decode("utf-8", "replace")
        for marker in ("Fatal error", "Crash", "SIGSEGV", "SIGILL", "Backtrace", "panic"):
            checks.expect(marker not in log, f"the server's stderr mentions {marker!r}")
        print(f"{len(CORPUS) + 5} cases against pid {server.pid}; server exit status {status}")


if __name__ == "__main__":
    harness.run("hostile_http", test, time_limit=120)
