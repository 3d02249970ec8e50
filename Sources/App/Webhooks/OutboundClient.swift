import CCurl
import Foundation

/// Posts webhook and xAPI deliveries with libcurl: `http`/`https` only, redirects never followed, bounded
/// connect and total time. Blocking: the worker calls it off the cooperative thread pool.
struct OutboundClient: Sendable {
    /// One POST.
    struct Post: Sendable {
        var url: String
        var headers: [(name: String, value: String)]
        var body: [UInt8]
        /// HTTP Basic credentials (the learning record store's), never logged.
        var basicAuth: (user: String, password: String)?
    }

    var connectTimeout: Double
    var totalTimeout: Double

    /// `curl_global_init` once per process, before the first handle (it is not thread-safe to race).
    private static let initialised: Bool = curl_global_init(3) == CURLE_OK

    /// Sends `post` and reports what came of it; never throws: every failure is an outcome to retry.
    func send(_ post: Post) -> DeliveryOutcome {
        guard Self.initialised, let handle = curl_easy_init() else {
            return .unreachable("libcurl could not be initialised")
        }
        defer { curl_easy_cleanup(handle) }
        var list: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(list) }
        for header in post.headers + [("Content-Type", "application/json"), ("Expect", "")] {
            list = curl_slist_append(list, "\(header.0): \(header.1)")
        }
        var codes = [
            folio_curl_set_string(handle, CURLOPT_URL, post.url),
            folio_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            folio_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            folio_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            folio_curl_set_long(handle, CURLOPT_NOSIGNAL, 1),
            folio_curl_set_long(handle, CURLOPT_POST, 1),
            folio_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(connectTimeout * 1000)),
            folio_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(totalTimeout * 1000)),
            folio_curl_set_string(handle, CURLOPT_USERAGENT, "Folio-Webhooks/1"),
            folio_curl_set_list(handle, list),
            folio_curl_discard_response(handle),
        ]
        if let credentials = post.basicAuth {
            codes += [
                folio_curl_set_long(handle, CURLOPT_HTTPAUTH, 1),  // CURLAUTH_BASIC
                folio_curl_set_string(handle, CURLOPT_USERNAME, credentials.user),
                folio_curl_set_string(handle, CURLOPT_PASSWORD, credentials.password),
            ]
        }
        if let failed = codes.first(where: { $0 != CURLE_OK }) {
            return .unreachable("libcurl refused an option: " + String(cString: curl_easy_strerror(failed)))
        }
        let result: CURLcode = post.body.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { body in
                let set = folio_curl_set_body(handle, body.baseAddress, body.count)
                guard set == CURLE_OK else { return set }
                return curl_easy_perform(handle)
            }
        }
        guard result == CURLE_OK else {
            return .unreachable(String(cString: curl_easy_strerror(result)))
        }
        let status = folio_curl_response_code(handle)
        return (200..<300).contains(status) ? .delivered(status: status) : .refused(status: status)
    }

    /// Sends on a Dispatch worker thread, so a slow receiver never holds a thread of the task pool.
    func sendOffPool(_ post: Post) async -> DeliveryOutcome {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: send(post))
            }
        }
    }
}
