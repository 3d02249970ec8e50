// libcurl's option setters are variadic, which Swift cannot call: these typed wrappers make them callable.
#include <curl/curl.h>

static inline CURLcode folio_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode folio_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode folio_curl_set_list(CURL *handle, struct curl_slist *list) {
    return curl_easy_setopt(handle, CURLOPT_HTTPHEADER, list);
}

static inline CURLcode folio_curl_set_body(CURL *handle, const char *body, long length) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE, length);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_POSTFIELDS, body);
}

static inline size_t folio_curl_discard(char *data, size_t size, size_t count, void *context) {
    (void)data;
    (void)context;
    return size * count;
}

/// The receiver's answer body is not needed: it is read and dropped.
static inline CURLcode folio_curl_discard_response(CURL *handle) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, folio_curl_discard);
}

static inline long folio_curl_response_code(CURL *handle) {
    long code = 0;
    if (curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code) != CURLE_OK) return 0;
    return code;
}
