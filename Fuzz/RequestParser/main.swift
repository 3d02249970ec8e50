// libFuzzer entry for the HTTP request parser. Its body compiles only with -DFUZZING (see scripts/fuzz.sh):
//   swift build --product fuzz-request-parser --sanitize fuzzer --sanitize address \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --build-path .build-fuzz
//   SWIFT_BACKTRACE=enable=no .build-fuzz/debug/fuzz-request-parser -max_total_time=30 -max_len=16384 CORPUS
// The first input byte picks the piece size the rest is fed in, so incremental parsing is fuzzed too;
// small limits make every limit reachable. Any outcome but a crash or a broken invariant is a pass.
#if FUZZING
    import HTTP

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        let input = UnsafeBufferPointer(start: start, count: count)
        guard let first = input.first else { return 0 }
        var limits = ServerLimits()
        limits.maxRequestLineBytes = 512
        limits.maxHeaderBytes = 1024
        limits.maxHeaderCount = 16
        limits.maxBodyBytes = 4096
        var parser = RequestParser(limits: limits)
        let bytes = input.dropFirst()
        let step = Int(first % 32) + 1
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let end = min(bytes.endIndex, offset + step)
            parser.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: input[offset..<end])))
            offset = end
            while true {
                switch parser.next() {
                case .needMoreData:
                    break
                case .continueExpected:
                    continue
                case .request(let request):
                    precondition(request.body.count <= limits.maxBodyBytes, "body over the limit")
                    precondition(request.path.hasPrefix("/") || request.path == "*", "path must be absolute")
                    precondition(!request.path.contains("\u{0}"), "NUL in a decoded path")
                    continue
                case .failure(let error):
                    precondition((400..<600).contains(error.status.code), "errors carry an error status")
                    return 0
                }
                break
            }
        }
        return 0
    }
#endif
