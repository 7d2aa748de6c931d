// libFuzzer: -max_len=24576
import FuzzSupport
import LockgameEngine

/// Fuzzes ``PNGImage/read(path:)``, libpng's simplified API on hostile files: the input is
/// written to a scratch file and read back. libpng itself is the system's and not
/// instrumented, so two things stand in for its coverage: chunk CRCs are recomputed before
/// writing (when the input starts with the PNG signature), so mutations reach libpng's chunk
/// handling instead of dying at the CRC check, and each distinct libpng error message (and
/// each decoded size class) counts as new coverage through ``FuzzFeedback``.
///
/// Contract checked: no crash, no hang, no memory beyond `-rss_limit_mb`; either an image of
/// 1…``PNGImage/maximumDimension`` pixels a side with exactly `width × height` pixels, which
/// a `Texture` accepts and which (when small) writes and reads back to the same pixels, or
/// an `AssetError` naming the file: `.corruptImage` or `.imageTooLarge`, never a missing
/// or unreadable file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var bytes = Array(FuzzInput(data, count: size).remaining)
    PNGChunks.fixCRCs(&bytes)
    bytes.withUnsafeBufferPointer { FuzzScratch.write($0, to: "input.png") }
    let path = FuzzScratch.path("input.png")
    do {
        let image = try PNGImage.read(path: path)
        let limit = PNGImage.maximumDimension
        FuzzCheck.require(
            (1...limit).contains(image.width) && (1...limit).contains(image.height)
                && image.pixels.count == image.width * image.height,
            "image \(image.width)x\(image.height) with \(image.pixels.count) pixels")
        PNGChunks.note(sizeClass: image.width.trailingZeroBitCount &+ 7 &* (image.height % 5))
        guard image.pixels.count <= 1 << 16 else { return 0 }
        let texture = Texture(image)
        FuzzCheck.require(texture.sourceWidth == image.width && texture.sourceHeight == image.height, "texture lost the size")
        let copy = FuzzScratch.path("roundtrip.png")
        do {
            try image.write(path: copy)
            let back = try PNGImage.read(path: copy)
            FuzzCheck.require(back == image, "an image read back differs from the one written")
        } catch {
            FuzzCheck.require(false, "a decoded image does not write and read back: \(error)")
        }
    } catch {
        FuzzCheck.require(
            [.corruptImage, .imageTooLarge].contains(error.kind) && error.file == path, "unexpected error \(error)")
        PNGChunks.note(message: error.message)
    }
    return 0
}

/// Helpers that make blind mutation of PNG files worthwhile.
private enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Rewrites each chunk's CRC (over type and data) after the signature, as far as the
    /// chunk lengths stay inside the bytes.
    static func fixCRCs(_ bytes: inout [UInt8]) {
        guard bytes.starts(with: signature) else { return }
        var offset = signature.count
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 8 + length
            guard length <= bytes.count, end + 4 <= bytes.count else { return }
            let crc = crc32(bytes[(offset + 4)..<end])
            for index in 0..<4 { bytes[end + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(index))) }
            offset = end + 4
        }
    }

    /// The CRC-32 PNG uses (ISO 3309, reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// Counts each kind of error as its own outcome (``FuzzFeedback``). The message is ours,
    /// then libpng's ("not a readable PNG: IDAT: …"); the names of chunks libpng does not know
    /// become "?", as do digits and quoted text ("chunk \"iTXt\" claims 1934772034 bytes"), or
    /// every random chunk name and size would count as news and bloat the corpus.
    static func note(message: String) {
        var parts = message.split(separator: ": ", omittingEmptySubsequences: false).map(String.init)
        for index in parts.indices.dropFirst().dropLast() where !knownChunks.contains(parts[index]) {
            parts[index] = "?"
        }
        var kind = "", isQuoted = false
        for character in parts.joined(separator: ": ") {
            if character == "\"" { isQuoted.toggle() }
            if !isQuoted { kind.append(character.isNumber ? "?" : character) }
        }
        FuzzFeedback.note(kind)
    }

    /// The chunk types of the PNG specification.
    static let knownChunks: Set<String> = [
        "IHDR", "PLTE", "IDAT", "IEND", "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP", "mDCv", "cLLi",
        "tEXt", "zTXt", "iTXt", "bKGD", "hIST", "pHYs", "sPLT", "eXIf", "tIME", "acTL", "fcTL", "fdAT",
    ]

    /// Counts each size class of a decoded image as its own outcome.
    static func note(sizeClass: Int) { FuzzFeedback.note(value: 100_000 + sizeClass) }
}
