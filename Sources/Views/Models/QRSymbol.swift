/// A QR code's modules, row by row: `true` is dark. App encodes it (libqrencode); Views draws it as SVG.
public struct QRSymbol: Sendable, Equatable {
    /// Modules per side (21 for version 1, four more per version).
    public let size: Int
    /// `size × size` modules, row-major.
    public let modules: [Bool]

    /// `nil` unless `modules` holds exactly `size × size` values.
    public init?(size: Int, modules: [Bool]) {
        guard size > 0, modules.count == size * size else { return nil }
        self.size = size
        self.modules = modules
    }

    public func isDark(row: Int, column: Int) -> Bool {
        modules[row * size + column]
    }
}
