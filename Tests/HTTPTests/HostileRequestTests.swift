import Testing

@testable import HTTP

/// Malformed, ambiguous and oversized requests, each with the status the parser must answer.
let hostileCorpus: [(name: String, bytes: [UInt8], status: Int)] = {
    func text(_ name: String, _ value: String, _ status: Int) -> (String, [UInt8], Int) {
        (name, Array(value.utf8), status)
    }
    let host = "Host: a\r\n"
    return [
        text("bare LF ends a header line", "GET / HTTP/1.1\r\n\(host)X: y\n\r\n", 400),
        text("bare LF line endings throughout", "GET / HTTP/1.1\nHost: a\n\n", 400),
        text("bare CR inside a header", "GET / HTTP/1.1\r\nHost: a\rX-Injected: 1\r\n\r\n", 400),
        text("bare CR in request line", "GET /\r HTTP/1.1\r\n\(host)\r\n", 400),
        text("obsolete line folding", "GET / HTTP/1.1\r\n\(host)X: y\r\n z\r\n\r\n", 400),
        text("space before colon", "GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),
        text("invalid header name", "GET / HTTP/1.1\r\n\(host)X(y): 1\r\n\r\n", 400),
        text("header without colon", "GET / HTTP/1.1\r\n\(host)Nonsense\r\n\r\n", 400),
        text("NUL in header value", "GET / HTTP/1.1\r\n\(host)X: a\u{0}b\r\n\r\n", 400),
        text("missing Host in 1.1", "GET / HTTP/1.1\r\n\r\n", 400),
        text("two Host headers", "GET / HTTP/1.1\r\n\(host)\(host)\r\n", 400),
        text(
            "conflicting Content-Length",
            "POST / HTTP/1.1\r\n\(host)Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello!", 400),
        text("conflicting Content-Length list", "POST / HTTP/1.1\r\n\(host)Content-Length: 5, 6\r\n\r\nhello!", 400),
        text("non-digit Content-Length", "POST / HTTP/1.1\r\n\(host)Content-Length: 5a\r\n\r\nhello", 400),
        text("negative Content-Length", "POST / HTTP/1.1\r\n\(host)Content-Length: -1\r\n\r\n", 400),
        text("signed Content-Length", "POST / HTTP/1.1\r\n\(host)Content-Length: +5\r\n\r\nhello", 400),
        text("empty Content-Length", "POST / HTTP/1.1\r\n\(host)Content-Length:\r\n\r\n", 400),
        text(
            "Transfer-Encoding with Content-Length",
            "POST / HTTP/1.1\r\n\(host)Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        text("Transfer-Encoding in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        text("chunked not last", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked, gzip\r\n\r\n", 400),
        text(
            "chunked twice",
            "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        text(
            "unsupported coding before chunked", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: gzip, chunked\r\n\r\n",
            501),
        text("identity transfer coding", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: identity\r\n\r\n", 400),
        text("non-hex chunk size", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        text("negative chunk size", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n-1\r\n", 400),
        text(
            "0x-prefixed chunk size", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n",
            400),
        text(
            "chunk size with trailing space only",
            "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n5 \r\nhello\r\n", 400),
        text(
            "overflowing chunk size",
            "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\nfffffffffffffffff\r\n", 413),
        text(
            "chunk data longer than declared",
            "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n3\r\nabcdef\r\n0\r\n\r\n", 400),
        text(
            "bad trailer line", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n0\r\nBad Trailer\r\n\r\n",
            400),
        text("HTTP/0.9 request", "GET /\r\n", 400),
        text("HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505),
        text("HTTP/1.2", "GET / HTTP/1.2\r\n\(host)\r\n", 505),
        text("HTTP/3.0", "GET / HTTP/3.0\r\n\(host)\r\n", 505),
        text("lowercase protocol name", "GET / http/1.1\r\n\(host)\r\n", 400),
        text("unknown method", "BREW /pot HTTP/1.1\r\n\(host)\r\n", 501),
        text("invalid method token", "G(T / HTTP/1.1\r\n\(host)\r\n", 400),
        text("double space in request line", "GET  / HTTP/1.1\r\n\(host)\r\n", 400),
        text("trailing space after version", "GET / HTTP/1.1 \r\n\(host)\r\n", 400),
        text("NUL in target", "GET /a\u{0}b HTTP/1.1\r\n\(host)\r\n", 400),
        (
            "raw non-UTF-8 byte in target",
            Array("GET /".utf8) + [0xFF, 0xFE] + Array(" HTTP/1.1\r\nHost: a\r\n\r\n".utf8), 400
        ),
        text("encoded non-UTF-8 path", "GET /%FF%FE HTTP/1.1\r\n\(host)\r\n", 400),
        text("encoded slash", "GET /a%2Fb HTTP/1.1\r\n\(host)\r\n", 400),
        text("encoded lowercase slash", "GET /a%2fb HTTP/1.1\r\n\(host)\r\n", 400),
        text("encoded NUL in path", "GET /a%00b HTTP/1.1\r\n\(host)\r\n", 400),
        text("dot-dot segment", "GET /static/../secret HTTP/1.1\r\n\(host)\r\n", 400),
        text("encoded dot-dot segment", "GET /static/%2e%2e/secret HTTP/1.1\r\n\(host)\r\n", 400),
        text("dot segment", "GET /./a HTTP/1.1\r\n\(host)\r\n", 400),
        text("invalid percent escape", "GET /a%zz HTTP/1.1\r\n\(host)\r\n", 400),
        text("truncated percent escape", "GET /a%2 HTTP/1.1\r\n\(host)\r\n", 400),
        text("fragment in target", "GET /a#b HTTP/1.1\r\n\(host)\r\n", 400),
        text("non-UTF-8 query", "GET /a?x=%FF HTTP/1.1\r\n\(host)\r\n", 400),
        text("NUL in query", "GET /a?x=%00 HTTP/1.1\r\n\(host)\r\n", 400),
        text("asterisk target with GET", "GET * HTTP/1.1\r\n\(host)\r\n", 400),
        text("relative target", "GET a/b HTTP/1.1\r\n\(host)\r\n", 400),
        text("many empty lines first", "\r\n\r\n\r\n\r\n\r\nGET / HTTP/1.1\r\n\(host)\r\n", 400),
        text("unsupported expectation", "POST / HTTP/1.1\r\n\(host)Expect: 200-ok\r\nContent-Length: 1\r\n\r\nx", 417),
        text("Content-Length over the limit", "POST / HTTP/1.1\r\n\(host)Content-Length: 1048577\r\n\r\n", 413),
        text("absurd Content-Length", "POST / HTTP/1.1\r\n\(host)Content-Length: 99999999999999999999999\r\n\r\n", 413),
        text(
            "Expect with Content-Length over the limit",
            "POST / HTTP/1.1\r\n\(host)Expect: 100-continue\r\nContent-Length: 5000000\r\n\r\n", 413),
        text("request line over the limit", "GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\n\(host)\r\n", 414),
        text("endless request line", "GET /\(String(repeating: "a", count: 9000))", 414),
        text(
            "header block over the limit",
            "GET / HTTP/1.1\r\n\(host)X: \(String(repeating: "b", count: 17000))\r\n\r\n", 431),
        text(
            "too many header fields",
            "GET / HTTP/1.1\r\n\(host)" + (0..<101).map { "X-\($0): 1\r\n" }.joined() + "\r\n", 431),
    ]
}()

@Suite struct HostileRequestTests {
    @Test(arguments: hostileCorpus)
    func answersWithTheRightStatus(name: String, bytes: [UInt8], status: Int) {
        let result = outcomes(bytes)
        #expect(result.last == .status(status), "\(name): \(result)")
    }

    @Test(arguments: hostileCorpus)
    func answersTheSameWhenFedByteByByte(name: String, bytes: [UInt8], status: Int) {
        let result = outcomes(bytes, step: 1)
        #expect(result.last == .status(status), "\(name): \(result)")
    }

    @Test func chunkedBodyOverTheLimitIs413() {
        var limits = ServerLimits()
        limits.maxBodyBytes = 8
        let text =
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n5\r\nworld\r\n0\r\n\r\n"
        #expect(outcomes(text, limits: limits).last == .status(413))
    }

    @Test func configuredBodyLimitApplies() {
        var limits = ServerLimits()
        limits.maxBodyBytes = 4
        #expect(
            outcomes("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello", limits: limits) == [.status(413)])
        #expect(outcomes("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nhell", limits: limits).count == 1)
    }

    @Test func randomBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let alphabet =
            Array("GET POST / HTTP/1.1\r\n:Host-Length;chunked0123456789abcdef%\u{0}\t ".utf8) + [0xFF, 0x80]
        for _ in 0..<2000 {
            let count = Int.random(in: 0..<200, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            _ = outcomes(bytes, step: Int.random(in: 1...16, using: &generator))
        }
    }
}
