import CQREncode
import Views

/// QR codes from Debian's libqrencode (thread-safe as Debian builds it, with pthreads).
enum QRCode {
    /// The symbol for `text` as 8-bit data at error-correction level M, in the smallest version that holds it;
    /// `nil` when libqrencode refuses it (longer than a version-40 symbol holds).
    static func symbol(for text: String) -> QRSymbol? {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { return nil }
        // Bit 0 of each byte is the module's colour; the other bits say which part of the symbol it belongs to.
        let modules = (0..<(width * width)).map { data[$0] & 1 == 1 }
        return QRSymbol(size: width, modules: modules)
    }
}
