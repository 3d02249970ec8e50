import Foundation
import HTTP

/// Decodes JSON request bodies with precise errors: 400 for text that is not JSON, 422 for JSON of the
/// wrong shape, 415 for a body declared as something else.
enum JSONBody {
    static func decode<T: Decodable>(_ type: T.Type, from request: Request) throws(HTTPError) -> T {
        if let contentType = request.headers["Content-Type"]?.lowercased(),
            !contentType.hasPrefix("application/json"), !contentType.contains("+json")
        {
            throw APIError.make(
                .unsupportedMediaType, code: "unsupported_media_type", "send the body as application/json")
        }
        guard !request.body.isEmpty else { throw APIError.invalidJSON("the request body is empty; send a JSON object") }
        let data = Data(request.body)
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw APIError.invalidJSON("the request body is not valid JSON")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw APIError.unprocessable("\(path(context)) has the wrong type", code: "invalid_field")
        } catch let DecodingError.keyNotFound(key, _) {
            throw APIError.unprocessable("\(key.stringValue) is required", code: "missing_field")
        } catch {
            throw APIError.unprocessable("the JSON body does not have the expected shape", code: "invalid_body")
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? "the body" : path
    }
}
