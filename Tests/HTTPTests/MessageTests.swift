import Testing

@testable import HTTP

@Suite struct HeadersTests {
    @Test func lookupIsCaseInsensitiveAndKeepsOrder() {
        var headers: Headers = ["Content-Type": "text/plain"]
        headers.add("Set-Cookie", "a=1")
        headers.add("set-cookie", "b=2")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        headers["Set-Cookie"] = "c=3"
        #expect(headers.values(for: "set-cookie") == ["c=3"])
        headers["Content-Type"] = nil
        #expect(!headers.contains("Content-Type"))
        #expect(headers.count == 1)
    }

    @Test func valuesCannotInjectHeaderLines() {
        var headers = Headers()
        headers.add("Location", "/next\r\nSet-Cookie: evil=1")
        #expect(headers["Location"] == "/next  Set-Cookie: evil=1")
    }
}

@Suite struct ResponseSerializationTests {
    private func head(_ response: Response) -> String {
        String(
            decoding: ResponseHead.bytes(
                status: response.status, headers: response.headers, bodyCount: response.body.count), as: UTF8.self)
    }

    @Test func writesStatusLineHeadersAndLength() {
        #expect(
            head(.text("hi")) == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 2\r\n")
    }

    @Test func framingHeadersFromHandlersAreIgnored() {
        let response = Response(
            status: .ok, headers: ["Content-Length": "999", "Transfer-Encoding": "chunked", "Date": "x", "X-Ok": "1"],
            body: [1, 2])
        #expect(
            head(response)
                == "HTTP/1.1 200 OK\r\nX-Ok: 1\r\nContent-Type: application/octet-stream\r\nContent-Length: 2\r\n")
    }

    @Test func noLengthOrTypeWhereContentIsForbidden() {
        #expect(
            head(Response(status: .notModified, headers: ["ETag": "\"1\""]))
                == "HTTP/1.1 304 Not Modified\r\nETag: \"1\"\r\n")
        #expect(head(Response(status: .noContent)) == "HTTP/1.1 204 No Content\r\n")
    }

    @Test func redirectCarriesLocation() {
        let response = Response.redirect(to: "/login")
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/login")
    }

    @Test func jsonEncodesSortedKeys() throws {
        struct Payload: Encodable {
            let b: Int
            let a: String
        }
        let response = try Response.json(Payload(b: 1, a: "x"), status: .created)
        #expect(response.status == .created)
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"a\":\"x\",\"b\":1}")
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test func prebuiltResponseReadsBackAndBecomesEditable() {
        let prebuilt = PrebuiltResponse(headers: ["Content-Type": "text/html"], body: Array("<p>".utf8))
        var response = prebuilt.response
        #expect(response.body == Array("<p>".utf8))
        #expect(String(decoding: prebuilt.head.array, as: UTF8.self).hasSuffix("Content-Length: 3\r\n"))
        response.status = .notFound
        #expect(response.status == .notFound && response.headers["Content-Type"] == "text/html")
    }

    @Test func dateIsIMFFixdate() {
        #expect(DateCache.imfFixdate(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(DateCache.imfFixdate(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }
}

@Suite struct AcceptEncodingTests {
    @Test(arguments: [
        ("gzip", true), ("gzip, deflate, br", true), ("GZIP;q=0.5", true), ("gzip;q=0", false),
        ("*", true), ("*;q=0", false), ("*, gzip;q=0", false), ("deflate", false), ("", false),
        ("x-gzip", true), ("br;q=1.0, gzip;q=0.8, *;q=0.1", true), ("gzip;q=abc", false), ("identity", false),
        ("X-GZip;Q=0.001", true), ("gzip;q=1.5", false), ("gzip;q=0.0001", false), ("gzip;q=5e-1", false),
        ("gzip;q=1.000", true), ("gzip;q=1.001", false), ("deflate, gzip ; q=0.3 ,br", true), (",,gzip,", true),
        ("gzip;level=9", true), ("gzip, gzip;q=0", false), ("gzipx", false), ("x-gzipx", false), ("*;q=0.5, br", true),
    ])
    func negotiatesGzip(header: String, accepts: Bool) {
        #expect(AcceptEncoding(header).acceptsGzip == accepts)
    }

    @Test func absentHeaderMeansIdentityOnly() {
        #expect(!AcceptEncoding(nil as String?).acceptsGzip)
    }

    @Test func reportsQualities() {
        let negotiation = AcceptEncoding("br;q=0.9, gzip;q=0.25")
        #expect(negotiation.quality(of: "gzip") == 0.25)
        #expect(negotiation.quality(of: "br") == 0.9)
        #expect(negotiation.quality(of: "deflate") == 0)
        #expect(AcceptEncoding("br, *;q=0.125").quality(of: "zstd") == 0.125)
    }

    @Test func joinsRepeatedFields() throws {
        let request = try parseRequest(
            "GET / HTTP/1.1\r\nHost: a\r\nAccept-Encoding: br\r\naccept-encoding: gzip;q=0.5\r\n\r\n")
        #expect(AcceptEncoding(request).quality(of: "gzip") == 0.5)
        #expect(AcceptEncoding(request).quality(of: "br") == 1)
    }
}

@Suite struct GzipTests {
    @Test(arguments: [0, 1, 100, 70_000])
    func roundTrips(count: Int) throws {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7 % 251) }
        let compressed = try Gzip.compress(bytes)
        #expect(compressed.prefix(2) == [0x1F, 0x8B])
        #expect(try Gzip.decompress(compressed) == bytes)
    }

    @Test func refusesCorruptInput() {
        #expect(throws: HTTPError.self) { try Gzip.decompress([0x1F, 0x8B, 1, 2, 3]) }
    }

    @Test func refusesBombs() throws {
        let compressed = try Gzip.compress([UInt8](repeating: 0, count: 1_000_000))
        #expect(throws: HTTPError.self) { try Gzip.decompress(compressed, maxBytes: 1000) }
    }
}
