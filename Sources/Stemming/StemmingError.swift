/// Why a stemmer could not be made.
public enum StemmingError: Error, Equatable, CustomStringConvertible {
    /// libstemmer has no algorithm of this name.
    case unknownAlgorithm(String)

    public var description: String {
        switch self {
        case .unknownAlgorithm(let name):
            "libstemmer has no Snowball algorithm named \"\(name)\" (known: \(Stemmer.algorithms.joined(separator: ", ")))"
        }
    }
}
