import Foundation
import HTTP
import Testing

@testable import App

@Suite struct OpenAPITests {
    @Test func everyRegisteredAPIRouteIsInTheDocument() async throws {
        let server = try TestApp()
        let response = try await server.client().perform("GET", "/api/openapi.json")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let document = try response.json()
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let routes = Routes.make(server.services).routes.filter { $0.pattern.hasPrefix("/api/") }
        #expect(routes.count >= 25)
        for route in routes {
            let path = route.pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment in
                segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
            }.joined(separator: "/")
            #expect(paths[path]?[route.method.rawValue.lowercased()] != nil, "\(route) is missing from the document")
        }
        let documented = paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } }
        #expect(documented.count == routes.count, "the document describes no route that does not exist")
        await server.stop()
    }

    @Test func everyReferenceResolvesAndEveryOperationDeclaresErrors() async throws {
        let server = try TestApp()
        let document = OpenAPIDocument(snapshot: server.services.content.snapshot).json
        var references: [String] = []
        collectReferences(document, into: &references)
        #expect(!references.isEmpty)
        for reference in Set(references) {
            let parts = reference.split(separator: "/").dropFirst().map(String.init)
            var node: JSONValue? = document
            for part in parts { node = node?[part] }
            #expect(node != nil, "\(reference) does not resolve")
        }
        for operation in OpenAPIDocument(snapshot: server.services.content.snapshot).operations {
            let responses = operation.json["responses"]
            #expect(responses?["default"] != nil, "\(operation.method) \(operation.path)")
            #expect(responses?["200"] != nil || responses?["201"] != nil || responses?["204"] != nil)
            let protected =
                operation.json["security"] != nil && operation.path != "/api/v1/me/reads"
                && !operation.path.hasSuffix("/attempts")
            if protected { #expect(responses?["401"] != nil && responses?["403"] != nil, "\(operation.path)") }
        }
        await server.stop()
    }

    private func collectReferences(_ value: JSONValue, into references: inout [String]) {
        switch value {
        case .object(let members):
            for member in members {
                if member.key == "$ref", case .string(let target) = member.value { references.append(target) }
                collectReferences(member.value, into: &references)
            }
        case .array(let values): for value in values { collectReferences(value, into: &references) }
        default: break
        }
    }
}
