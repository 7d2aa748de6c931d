import Testing

@testable import GameInput

/// Decoding of XI2's packed valuators, from constructed events.
@Suite struct RawMotionDecoderTests {
    /// Runs `decode` on a constructed raw event.
    func decode(
        _ decoder: inout RawMotionDecoder, device: Int = 4, mask: [UInt8],
        accelerated: [Double], unaccelerated: [Double]
    ) -> (unaccelerated: PointerDelta, accelerated: PointerDelta)? {
        mask.withUnsafeBufferPointer { mask in
            accelerated.withUnsafeBufferPointer { accel in
                unaccelerated.withUnsafeBufferPointer { raw in
                    decoder.decode(sourceDeviceID: device, mask: mask, accelerated: accel, unaccelerated: raw)
                }
            }
        }
    }

    @Test func packedIndexCountsOnlySetBitsBelowTheAxis() {
        let mask: [UInt8] = [0b0010_1010, 0b0000_0001]  // axes 1, 3, 5, 8
        mask.withUnsafeBufferPointer { mask in
            #expect(PackedValuators.packedIndex(of: 1, mask: mask) == 0)
            #expect(PackedValuators.packedIndex(of: 3, mask: mask) == 1)
            #expect(PackedValuators.packedIndex(of: 5, mask: mask) == 2)
            #expect(PackedValuators.packedIndex(of: 8, mask: mask) == 3)
            #expect(PackedValuators.packedIndex(of: 0, mask: mask) == nil)
            #expect(PackedValuators.packedIndex(of: 16, mask: mask) == nil)
            #expect(PackedValuators.packedIndex(of: -1, mask: mask) == nil)
            #expect(PackedValuators.valueCount(mask: mask) == 4)
        }
    }

    @Test func relativeDeltasAreReadByMaskBitNotByIndex() {
        var decoder = RawMotionDecoder()
        decoder.setAxes(PointerAxes(xAxis: 2, yAxis: 3, isAbsolute: false), forDevice: 4)
        // Axes 0, 2 and 3 present: the X value is the second packed entry, not the third.
        let delta = decode(&decoder, mask: [0b0000_1101], accelerated: [99, 2.5, -1.25], unaccelerated: [98, 1.5, -0.75])
        #expect(delta?.accelerated == PointerDelta(dx: 2.5, dy: -1.25))
        #expect(delta?.unaccelerated == PointerDelta(dx: 1.5, dy: -0.75))
    }

    @Test func aMissingAxisMeansNoMovementAlongIt() {
        var decoder = RawMotionDecoder()
        let delta = decode(&decoder, mask: [0b0000_0010], accelerated: [3], unaccelerated: [2])
        #expect(delta?.unaccelerated == PointerDelta(dx: 0, dy: 2))
    }

    @Test func anEventWithoutPointerAxesIsNotMotion() {
        var decoder = RawMotionDecoder()
        #expect(decode(&decoder, mask: [0b0000_0100], accelerated: [1], unaccelerated: [1]) == nil)
        #expect(decode(&decoder, mask: [], accelerated: [], unaccelerated: []) == nil)
    }

    @Test func identicalEventsAreEachDelivered() {
        var decoder = RawMotionDecoder()
        let first = decode(&decoder, mask: [0b11], accelerated: [1, 1], unaccelerated: [1, 1])
        let second = decode(&decoder, mask: [0b11], accelerated: [1, 1], unaccelerated: [1, 1])
        #expect(first != nil && second != nil, "fast mice send equal deltas; none may be dropped")
    }

    @Test func absoluteDevicesAreDifferencedPerDeviceFromABaseline() {
        var decoder = RawMotionDecoder()
        decoder.setAxes(PointerAxes(xAxis: 0, yAxis: 1, isAbsolute: true), forDevice: 9)
        #expect(
            decode(&decoder, device: 9, mask: [0b11], accelerated: [500, 300], unaccelerated: [5000, 3000]) == nil,
            "the first position only sets the baseline")
        let delta = decode(&decoder, device: 9, mask: [0b11], accelerated: [503, 296], unaccelerated: [5030, 2960])
        #expect(delta?.accelerated == PointerDelta(dx: 3, dy: -4))
        #expect(delta?.unaccelerated == PointerDelta(dx: 30, dy: -40))
        // A relative device in between does not disturb the absolute one's baseline.
        _ = decode(&decoder, device: 4, mask: [0b11], accelerated: [7, 7], unaccelerated: [7, 7])
        let onlyX = decode(&decoder, device: 9, mask: [0b01], accelerated: [504], unaccelerated: [5040])
        #expect(onlyX?.accelerated == PointerDelta(dx: 1, dy: 0))
        decoder.resetBaselines()
        #expect(
            decode(&decoder, device: 9, mask: [0b11], accelerated: [900, 900], unaccelerated: [9000, 9000]) == nil,
            "after a lock transition the next position is a new baseline, not a jump")
    }

    @Test func nonFiniteAndAbsurdValuesAreRejectedAndCounted() {
        var decoder = RawMotionDecoder()
        #expect(decode(&decoder, mask: [0b11], accelerated: [.nan, 1], unaccelerated: [1, 1]) == nil)
        #expect(decode(&decoder, mask: [0b11], accelerated: [1, 1], unaccelerated: [1, .infinity]) == nil)
        #expect(decode(&decoder, mask: [0b11], accelerated: [1, 1], unaccelerated: [1e9, 1]) == nil)
        #expect(decoder.rejectedEventCount == 3)
        #expect(decode(&decoder, mask: [0b11], accelerated: [1, 1], unaccelerated: [1, 1]) != nil)
    }

    @Test func valuesShorterThanTheMaskClaimsAreNotRead() {
        var decoder = RawMotionDecoder()
        let delta = decode(&decoder, mask: [0b11], accelerated: [4], unaccelerated: [4])
        #expect(delta?.unaccelerated == PointerDelta(dx: 4, dy: 0))
    }

    @Test func deviceIDsOutsideTheTableAreIgnored() {
        var decoder = RawMotionDecoder()
        #expect(decode(&decoder, device: 300, mask: [0b11], accelerated: [1, 1], unaccelerated: [1, 1]) == nil)
        #expect(decode(&decoder, device: -1, mask: [0b11], accelerated: [1, 1], unaccelerated: [1, 1]) == nil)
    }
}
