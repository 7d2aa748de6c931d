import GameInput

/// A burst of raw-motion events as the X layer sees them after `XGetEventData` (valuator mask
/// plus packed accelerated and raw values), decoded with GameInput's `RawMotionDecoder` and
/// dispatched as `InputEvent.relativeMotion` to a handler that sums the look deltas, the way
/// `GameWindow+Events` and the game's input gathering do. Half the events are identical
/// (same delta), as a fast mouse sends them.
final class MotionBurst {
    /// Events per burst.
    let count: Int
    private var decoder = RawMotionDecoder()
    private let mask: UnsafeMutablePointer<UInt8>
    private let values: UnsafeMutablePointer<Double>
    /// Sum of the dispatched unaccelerated deltas (so the work is not optimised away).
    private(set) var lookX = 0.0, lookY = 0.0
    /// Events that reached the handler in the last burst.
    private(set) var delivered = 0

    /// A burst of `count` events.
    init(count: Int = 1000) {
        self.count = count
        mask = .allocate(capacity: 2)
        mask[0] = 0b0000_0011
        mask[1] = 0
        values = .allocate(capacity: 4 * count)
        for i in 0..<count {
            let dx = i % 2 == 0 ? 1.0 : Double(i % 7) - 3, dy = i % 2 == 0 ? -1.0 : Double(i % 5) * 0.25
            values[4 * i] = dx * 1.5; values[4 * i + 1] = dy * 1.5
            values[4 * i + 2] = dx; values[4 * i + 3] = dy
        }
    }

    deinit {
        mask.deallocate()
        values.deallocate()
    }

    /// Decodes and dispatches every event once.
    func run() {
        delivered = 0
        let maskBuffer = UnsafeBufferPointer(start: UnsafePointer(mask), count: 2)
        let valueCount = PackedValuators.valueCount(mask: maskBuffer)
        for i in 0..<count {
            guard let delta = decoder.decode(
                sourceDeviceID: 2, mask: maskBuffer,
                accelerated: UnsafeBufferPointer(start: values + 4 * i, count: valueCount),
                unaccelerated: UnsafeBufferPointer(start: values + 4 * i + 2, count: valueCount)) else { continue }
            dispatch(.relativeMotion(RelativeMotion(
                unaccelerated: delta.unaccelerated, accelerated: delta.accelerated,
                sourceDeviceID: 2, serverTime: UInt32(i), receivedAt: .now)))
        }
    }

    private func dispatch(_ event: InputEvent) {
        switch event {
        case .relativeMotion(let motion):
            lookX += motion.unaccelerated.dx
            lookY += motion.unaccelerated.dy
            delivered += 1
        default:
            break
        }
    }
}
