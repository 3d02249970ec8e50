import Foundation
import Testing
import Views

@testable import App

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The progress page's "Continue on another device" and "I have a code" forms, and the QR code they show.
@Suite struct ResumeFormTests {
    static let form = ("Content-Type", "application/x-www-form-urlencoded")

    @Test func aShortTextIsAVersionOneSymbolWithItsFinderPatterns() throws {
        let symbol = try #require(QRCode.symbol(for: "HELLO WORLD"))
        #expect(symbol.size == 21)
        // The three finder patterns: a dark 7×7 ring, a light ring, a dark 3×3 centre.
        for (top, left) in [(0, 0), (0, 14), (14, 0)] {
            for row in 0..<7 {
                for column in 0..<7 {
                    let ring = max(abs(row - 3), abs(column - 3))
                    #expect(symbol.isDark(row: top + row, column: left + column) == (ring != 2))
                }
            }
        }
        // 38 bytes: more than version 2 holds at level M (26), within version 3 (42).
        let link = try #require(QRCode.symbol(for: "http://localhost/resume?code=ABCD-EFGH"))
        #expect(link.size == 29)
    }

    /// Parses the SVG as XML and adds up the rectangles of its path.
    final class SVGReader: NSObject, XMLParserDelegate {
        var elements: [String] = []
        var viewBox = ""
        var path = ""
        var label = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(name)
            if name == "svg" {
                viewBox = attributes["viewbox"] ?? ""
                label = attributes["aria-label"] ?? ""
            }
            if name == "path" { path = attributes["d"] ?? "" }
        }
    }

    @Test func theSVGIsWellFormedAndDrawsEveryDarkModule() throws {
        let symbol = try #require(QRCode.symbol(for: "http://localhost/resume?code=ABCD-EFGH"))
        let markup = QRCodeSVG(symbol: symbol, label: "QR <code> & more").render()
        let parser = XMLParser(data: Data(markup.utf8))
        let reader = SVGReader()
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(reader.elements == ["svg", "rect", "path"])
        let side = symbol.size + 2 * QRCodeSVG.quietZone
        #expect(reader.viewBox == "0 0 \(side) \(side)")
        #expect(reader.label == "QR <code> & more")
        // Every run `M x y h n v1 h-n z` covers n modules; together they are exactly the dark ones.
        var drawn = Set<Int>()
        let runs = reader.path.split(separator: "M").map { String($0) }
        for run in runs {
            let numbers = run.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            let (x, y, length) = (numbers[0] - QRCodeSVG.quietZone, numbers[1] - QRCodeSVG.quietZone, numbers[2])
            for column in x..<(x + length) { drawn.insert(y * symbol.size + column) }
        }
        let dark = Set(symbol.modules.indices.filter { symbol.modules[$0] })
        #expect(drawn == dark)
    }

    /// A learner with one passed checkpoint, in a browser.
    static func learnerWithProgress(_ server: TestApp) async throws -> TestClient {
        let laptop = server.client()
        let attempt = try await laptop.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "in alto e in basso"])
        #expect(attempt.status == 200)
        return laptop
    }

    /// The page's overall-progress line.
    static func overall(in page: String) -> String? {
        guard let start = page.range(of: #"class="progress-overall""#),
            let end = page[start.upperBound...].range(of: "</p>")
        else { return nil }
        return String(page[start.upperBound..<end.lowerBound])
    }

    static func code(in page: String) -> String? {
        guard let start = page.range(of: #"id="resume-code">"#),
            let end = page[start.upperBound...].range(of: "<")
        else { return nil }
        return String(page[start.upperBound..<end.lowerBound])
    }

    @Test func aCodeFromTheProgressPageMovesAnotherBrowserToTheLearner() async throws {
        let server = try TestApp()
        let laptop = try await Self.learnerWithProgress(server)
        let before = try await laptop.perform("GET", "/it/progress")
        #expect(before.text.contains(#"action="/it/resume-code#resume""#))
        #expect(!before.text.contains(#"id="resume-code""#))
        let shown = try await laptop.perform(
            "POST", "/it/resume-code", headers: [Self.form, ("Origin", "http://127.0.0.1:\(server.port)")])
        #expect(shown.status == 200)
        #expect(shown.header("Cache-Control")?.contains("no-store") == true)
        let code = try #require(Self.code(in: shown.text))
        #expect(code.count == 9)
        #expect(shown.text.contains("<svg "))
        #expect(shown.text.contains(#"aria-label="Codice QR del codice \#(code)""#))

        let phone = server.client()
        let empty = try await phone.perform("GET", "/it/progress")
        #expect(empty.text.contains("In questo browser non ci sono ancora progressi"))
        let typed = code.lowercased().replacingOccurrences(of: "-", with: "+")
        let resumed = try await phone.perform(
            "POST", "/resume", headers: [Self.form, ("Sec-Fetch-Site", "same-origin")],
            body: Array("lang=it&code=\(typed)".utf8))
        #expect(resumed.status == 303)
        #expect(resumed.header("Location") == "/it/progress")
        let cookie = try #require(resumed.header("Set-Cookie"))
        #expect(cookie.hasPrefix(LearnerIdentity.cookieName + "=") && cookie.contains("HttpOnly"))
        let progress = try await phone.perform("GET", "/it/progress")
        let overall = try #require(Self.overall(in: before.text))
        #expect(!overall.contains(">0%<"))
        #expect(Self.overall(in: progress.text) == overall)
        #expect(progress.text.contains(#"action="/it/resume-code#resume""#))

        let again = server.client()
        let reused = try await again.perform(
            "POST", "/resume", headers: [Self.form], body: Array("lang=it&code=\(code)".utf8))
        #expect(reused.status == 422)
        await server.stop()
    }

    @Test func aWrongCodeShowsTheFormAgainWithAMessageInThePageLanguage() async throws {
        let server = try TestApp()
        let browser = server.client()
        let wrong = try await browser.perform(
            "POST", "/resume", headers: [Self.form], body: Array("lang=es&code=ZZZZ-<b>".utf8))
        #expect(wrong.status == 422)
        #expect(wrong.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(wrong.text.contains("El código no es correcto o ha caducado."))
        #expect(wrong.text.contains(#"value="ZZZZ-&lt;b&gt;""#))
        #expect(wrong.text.contains(#"aria-invalid="true""#))
        #expect(wrong.text.contains(#"<html lang="es""#))
        #expect(browser.cookies[LearnerIdentity.cookieName] == nil)
        var statuses: [Int] = []
        for _ in 0..<5 {
            statuses.append(
                try await browser.perform(
                    "POST", "/resume", headers: [Self.form], body: Array("lang=es&code=AAAA-AAAA".utf8)
                ).status)
        }
        #expect(statuses.suffix(1) == [429])
        let limited = try await browser.perform(
            "POST", "/resume", headers: [Self.form], body: Array("lang=es&code=AAAA-AAAA".utf8))
        #expect(limited.status == 429)
        #expect(limited.text.contains("Demasiados intentos."))
        #expect(Int(limited.header("Retry-After") ?? "") ?? 0 >= 1)
        await server.stop()
    }

    @Test func crossSiteFormsAreRefused() async throws {
        let server = try TestApp()
        let laptop = try await Self.learnerWithProgress(server)
        let forged = try await laptop.perform(
            "POST", "/it/resume-code", headers: [Self.form, ("Sec-Fetch-Site", "cross-site")])
        #expect(forged.status == 403)
        let other = server.client()
        let crossResume = try await other.perform(
            "POST", "/resume", headers: [Self.form, ("Origin", "https://evil.example")],
            body: Array("code=AAAA-AAAA".utf8))
        #expect(crossResume.status == 403)
        let scanned = try await other.perform("GET", "/resume?code=ABCD-EFGH", headers: [("Accept-Language", "tr")])
        #expect(scanned.status == 303)
        #expect(scanned.header("Location") == "/tr/progress?code=ABCD-EFGH#resume-enter")
        let prefilled = try await other.perform("GET", "/tr/progress?code=ABCD-EFGH")
        #expect(prefilled.text.contains(#"name="code" value="ABCD-EFGH""#))
        #expect(other.cookies[LearnerIdentity.cookieName] == nil)
        await server.stop()
    }
}
