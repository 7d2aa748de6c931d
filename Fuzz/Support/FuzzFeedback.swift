import CFuzzFeedback

/// Outcomes of uninstrumented code made visible to libFuzzer as coverage (`CFuzzFeedback`'s
/// extra counters): an input that produces an outcome no earlier input produced is kept.
public enum FuzzFeedback {
    /// Notes outcome `value`.
    public static func note(value: Int) {
        FuzzFeedback_note(UInt32(truncatingIfNeeded: value))
    }

    /// Notes the outcome named by `text` (an error message), by its FNV-1a hash.
    public static func note(_ text: String) {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        FuzzFeedback_note(hash)
    }
}
