/// A strict reader of the Prometheus text exposition format (0.0.4), enough to check `/metrics`:
/// every line a comment, a `# HELP`/`# TYPE` line or a sample; every sample of a declared family.
struct PrometheusText {
    struct Sample: Equatable {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    struct Malformed: Error, CustomStringConvertible {
        var line: String
        var reason: String
        var description: String { "\(reason): \(line)" }
    }

    var samples: [Sample] = []
    var types: [String: String] = [:]

    init(_ text: String) throws {
        guard text.hasSuffix("\n") else { throw Malformed(line: "", reason: "the text must end with a newline") }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) {
            if line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
                guard parts.count == 4, Self.isName(parts[2]),
                    ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3])
                else { throw Malformed(line: line, reason: "bad TYPE line") }
                guard types[parts[2]] == nil else { throw Malformed(line: line, reason: "second TYPE") }
                types[parts[2]] = parts[3]
            } else if line.hasPrefix("#") || line.isEmpty {
                continue
            } else {
                let sample = try Self.sample(line)
                guard types[Self.family(of: sample.name)] != nil || types[sample.name] != nil else {
                    throw Malformed(line: line, reason: "sample before its TYPE")
                }
                samples.append(sample)
            }
        }
    }

    /// The value of the sample `name` with exactly `labels` (0 when absent, as a counter not yet touched).
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double {
        samples.first { $0.name == name && $0.labels == labels }?.value ?? 0
    }

    /// The sum over samples named `name` whose labels include `matching`.
    func sum(_ name: String, matching: [String: String] = [:]) -> Double {
        samples.filter { sample in
            sample.name == name && matching.allSatisfy { sample.labels[$0.key] == $0.value }
        }.reduce(0) { $0 + $1.value }
    }

    private static func family(of name: String) -> String {
        for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    private static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first == ":" || first.properties.isAlphabetic
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0 == "_" || $0 == ":" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
        }
    }

    private static func sample(_ line: String) throws -> Sample {
        var rest = Substring(line)
        let name = String(rest.prefix { $0 != "{" && $0 != " " })
        guard isName(name) else { throw Malformed(line: line, reason: "bad metric name") }
        rest = rest.dropFirst(name.count)
        var labels: [String: String] = [:]
        if rest.first == "{" {
            rest = rest.dropFirst()
            while rest.first != "}" {
                let label = String(rest.prefix { $0 != "=" })
                guard isName(label), rest.dropFirst(label.count).hasPrefix("=\"") else {
                    throw Malformed(line: line, reason: "bad label")
                }
                rest = rest.dropFirst(label.count + 2)
                var value = ""
                while let character = rest.first, character != "\"" {
                    rest = rest.dropFirst()
                    if character == "\\" {
                        switch rest.first {
                        case "\\": value.append("\\")
                        case "\"": value.append("\"")
                        case "n": value.append("\n")
                        default: throw Malformed(line: line, reason: "bad escape in label value")
                        }
                        rest = rest.dropFirst()
                    } else {
                        value.append(character)
                    }
                }
                guard rest.first == "\"" else { throw Malformed(line: line, reason: "unterminated label value") }
                rest = rest.dropFirst()
                guard labels[label] == nil else { throw Malformed(line: line, reason: "repeated label") }
                labels[label] = value
                if rest.first == "," {
                    rest = rest.dropFirst()
                } else if rest.first != "}" {
                    throw Malformed(line: line, reason: "expected , or }")
                }
            }
            rest = rest.dropFirst()
        }
        guard rest.first == " " else { throw Malformed(line: line, reason: "no value") }
        let fields = rest.dropFirst().split(separator: " ")
        guard (1...2).contains(fields.count), let text = fields.first else {
            throw Malformed(line: line, reason: "bad value")
        }
        let value: Double
        switch text {
        case "+Inf": value = .infinity
        case "-Inf": value = -.infinity
        case "NaN": value = .nan
        default:
            guard let number = Double(text) else { throw Malformed(line: line, reason: "bad value") }
            value = number
        }
        return Sample(name: name, labels: labels, value: value)
    }
}
