/// A set of the numbers 0 to 255 in four words: key codes and HID usages held, kept per event
/// without allocating.
struct ByteSet: Hashable, Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Whether `value` is in the set; values outside 0...255 never are.
    func contains(_ value: Int) -> Bool {
        guard (0..<256).contains(value) else { return false }
        return word(value >> 6) & (1 << UInt64(value & 63)) != 0
    }

    /// Puts `value` in or takes it out; whether it was in before. Values outside 0...255 are
    /// ignored.
    @discardableResult
    mutating func set(_ value: Int, _ isMember: Bool) -> Bool {
        guard (0..<256).contains(value) else { return false }
        let bit: UInt64 = 1 << UInt64(value & 63)
        let old = word(value >> 6)
        setWord(value >> 6, isMember ? old | bit : old & ~bit)
        return old & bit != 0
    }

    var isEmpty: Bool { words.0 | words.1 | words.2 | words.3 == 0 }

    var count: Int { words.0.nonzeroBitCount + words.1.nonzeroBitCount + words.2.nonzeroBitCount + words.3.nonzeroBitCount }

    /// Calls `body` with each member, smallest first.
    func forEach(_ body: (Int) -> Void) {
        for index in 0..<4 {
            var remaining = word(index)
            while remaining != 0 {
                body(index << 6 | remaining.trailingZeroBitCount)
                remaining &= remaining - 1
            }
        }
    }

    mutating func removeAll() { words = (0, 0, 0, 0) }

    static func == (lhs: ByteSet, rhs: ByteSet) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    private func word(_ index: Int) -> UInt64 {
        switch index {
        case 0: words.0
        case 1: words.1
        case 2: words.2
        default: words.3
        }
    }

    private mutating func setWord(_ index: Int, _ value: UInt64) {
        switch index {
        case 0: words.0 = value
        case 1: words.1 = value
        case 2: words.2 = value
        default: words.3 = value
        }
    }
}
