import Testing

@testable import GameInput

/// Random raw events against the decoders: nothing crashes and nothing non-finite or absurd
/// ever comes out.
@Suite struct DecoderFuzzTests {
    /// A small deterministic generator (xorshift64*), so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
    }

    static let specialValues: [Double] = [
        .nan, .infinity, -.infinity, 0, -0.0, 1e300, -1e300, .ulpOfOne,
        .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e6, 1e6 + 1, -3.5,
    ]

    @Test func aMillionRandomEventsDecodeSafely() {
        var generator = Generator(state: 0x9E37_79B9_7F4A_7C15)
        var decoder = RawMotionDecoder()
        decoder.setAxes(PointerAxes(xAxis: 0, yAxis: 1, isAbsolute: true), forDevice: 7)
        decoder.setAxes(PointerAxes(xAxis: 5, yAxis: 3, isAbsolute: false), forDevice: 9)
        var mask = [UInt8](repeating: 0, count: 8)
        var accelerated = [Double](repeating: 0, count: 64)
        var unaccelerated = [Double](repeating: 0, count: 64)
        let iterations = 1_000_000
        var decoded = 0
        for _ in 0..<iterations {
            let maskLength = Int(generator.next() % 9)
            for index in 0..<maskLength { mask[index] = UInt8(truncatingIfNeeded: generator.next()) }
            // Values as many as the mask claims, or (sometimes) fewer: a lying event.
            let claimed = mask[..<maskLength].reduce(0) { $0 + $1.nonzeroBitCount }
            let count = generator.next() % 8 == 0 ? Int(generator.next() % UInt64(claimed + 1)) : claimed
            for index in 0..<count {
                accelerated[index] = Self.randomValue(&generator)
                unaccelerated[index] = Self.randomValue(&generator)
            }
            let device = Int(generator.next() % 300) - 20
            if generator.next() % 1000 == 0 { decoder.resetBaselines() }
            let result = mask.withUnsafeBufferPointer { mask in
                accelerated.withUnsafeBufferPointer { accel in
                    unaccelerated.withUnsafeBufferPointer { raw in
                        decoder.decode(
                            sourceDeviceID: device, mask: UnsafeBufferPointer(rebasing: mask[..<maskLength]),
                            accelerated: UnsafeBufferPointer(rebasing: accel[..<count]),
                            unaccelerated: UnsafeBufferPointer(rebasing: raw[..<count]))
                    }
                }
            }
            if let result {
                decoded += 1
                for value in [result.unaccelerated.dx, result.unaccelerated.dy, result.accelerated.dx, result.accelerated.dy] {
                    if !value.isFinite || abs(value) > RawMotionDecoder.largestPlausibleDelta {
                        Issue.record("decoder let through \(value)")
                        return
                    }
                }
            }
        }
        print("fuzz: \(iterations) random raw events, \(decoded) decoded, \(decoder.rejectedEventCount) rejected, 0 non-finite out")
        #expect(decoded > 10_000, "the fuzzer must reach the decoding paths, not only rejections")
        #expect(decoder.rejectedEventCount > 10_000)
    }

    static func randomValue(_ generator: inout Generator) -> Double {
        switch generator.next() % 4 {
        case 0: return specialValues[Int(generator.next() % UInt64(specialValues.count))]
        case 1: return Double(bitPattern: generator.next())
        default: return Double(Int64(bitPattern: generator.next()) % 2000) / 8
        }
    }
}
