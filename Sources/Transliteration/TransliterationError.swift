/// Why a transliterator could not be made.
public enum TransliterationError: Error, Equatable, CustomStringConvertible {
    /// ICU has no transform of this id.
    case unknownTransform(String)

    public var description: String {
        switch self {
        case .unknownTransform(let id): "ICU has no transform \"\(id)\""
        }
    }
}
