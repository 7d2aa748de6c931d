/// Reads typed values off the front of one fuzz input, the way every target turns libFuzzer's
/// bytes into a structured case.
///
/// Past the end every read gives zero (and ``isAtEnd`` turns true), so any prefix of an input
/// is still a whole case: libFuzzer's truncations and insertions shift fields instead of
/// making most inputs useless.
public struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0

    /// An input over libFuzzer's `data`/`size` pair (a nil `data` is an empty input).
    public init(_ data: UnsafePointer<UInt8>?, count: Int) {
        bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : count)
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The bytes not read yet.
    public var remaining: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[min(offset, bytes.count)...])
    }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Whether the next byte is odd: a coin the input chooses.
    public mutating func bool() -> Bool { byte() & 1 != 0 }

    /// The next `count` bytes (fewer near the end), little-endian, as an unsigned integer.
    public mutating func bits(_ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<min(count, 8) { value |= UInt64(byte()) << (8 * UInt64(index)) }
        return value
    }

    /// The next four bytes as a signed 32-bit integer.
    public mutating func int32() -> Int32 { Int32(truncatingIfNeeded: bits(4)) }

    /// A value in `range`, from one byte (ranges wider than 256 use two).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        let raw = width <= 256 ? bits(1) : bits(2)
        return range.lowerBound + Int(raw % width)
    }

    /// The next `count` bytes (fewer near the end).
    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in byte() }
    }

    /// Any `Double` at all: NaN, infinities, subnormals, the hostile and the ordinary. One byte
    /// picks an edge value, a whole bit pattern or a small multiple of 1/8.
    public mutating func anyDouble() -> Double {
        let selector = byte()
        switch selector % 4 {
        case 0: return Self.edgeDoubles[Int(selector / 4) % Self.edgeDoubles.count]
        case 1: return Double(bitPattern: bits(8))
        default: return Double(Int16(truncatingIfNeeded: bits(2))) / 8
        }
    }

    /// A value the X server's wire format can carry in an `FP3232` (valuators, raw values,
    /// scroll increments), converted the way libXi does: integer part plus fraction / 2^32.
    public mutating func fp3232() -> Double {
        let integral = int32()
        let fraction = UInt32(truncatingIfNeeded: bits(4))
        return Double(integral) + Double(fraction) / 4_294_967_296
    }

    /// A value an `FP1616` can carry (pointer positions, gesture deltas, pinch scale and
    /// angle), converted as libXi does: the 32-bit word divided by 65536.
    public mutating func fp1616() -> Double {
        Double(int32()) / 65536
    }

    /// Doubles that break careless arithmetic.
    static let edgeDoubles: [Double] = [
        .nan, -.nan, .signalingNaN, .infinity, -.infinity, 0, -0.0, 1, -1, .ulpOfOne,
        .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        1e6, 1e6 + 1, -1e6 - 1, 1e300, -1e300, 2_147_483_647, -2_147_483_648, 0.5,
    ]
}
