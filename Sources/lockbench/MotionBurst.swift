import CXlib
import GameInput

/// A burst of raw-motion events as `XGetEventData` leaves them (`XIRawEvent`s with a valuator
/// mask and packed accelerated and raw values), run through the game's own decoding
/// (`RawMotionDecoder.motion(from:time:)`, what `GameWindow` calls) and dispatched as
/// `InputEvent.relativeMotion` to a handler that sums the look deltas, as the game's input
/// gathering does. Half the events are identical (same delta), as a fast mouse sends them.
/// Like `GameWindow.pollEvents`, the burst shares one receipt time (one clock reading per
/// socket read).
final class MotionBurst {
    /// Events per burst.
    let count: Int
    private var decoder = RawMotionDecoder()
    private let mask: UnsafeMutablePointer<UInt8>
    private let values: UnsafeMutablePointer<Double>
    private let events: UnsafeMutablePointer<XIRawEvent>
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
        events = .allocate(capacity: count)
        for i in 0..<count {
            let dx = i % 2 == 0 ? 1.0 : Double(i % 7) - 3, dy = i % 2 == 0 ? -1.0 : Double(i % 5) * 0.25
            values[4 * i] = dx * 1.5; values[4 * i + 1] = dy * 1.5
            values[4 * i + 2] = dx; values[4 * i + 3] = dy
            var event = XIRawEvent()
            event.evtype = XI_RawMotion
            event.deviceid = 2
            event.sourceid = 8
            event.time = UInt(i / 2)  // pairs share a timestamp, like a fast mouse's
            event.valuators = XIValuatorState(mask_len: 2, mask: mask, values: values + 4 * i)
            event.raw_values = values + 4 * i + 2
            events[i] = event
        }
    }

    deinit {
        mask.deallocate()
        values.deallocate()
        events.deallocate()
    }

    /// Decodes and dispatches every event once.
    func run() {
        var x = 0.0, y = 0.0, n = 0
        let handle: (InputEvent) -> Void = { event in
            if case .relativeMotion(let motion) = event {
                x += motion.unaccelerated.dx
                y += motion.unaccelerated.dy
                n += 1
            }
        }
        let receivedAt = EventTime.now
        for i in 0..<count {
            guard let motion = decoder.motion(from: events[i], time: receivedAt) else { continue }
            handle(.relativeMotion(motion))
        }
        lookX += x
        lookY += y
        delivered = n
    }
}
