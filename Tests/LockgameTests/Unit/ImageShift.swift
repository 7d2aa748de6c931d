/// Measures how far a picture moved sideways between two frames, to tell which way the view
/// turned: the shift s that makes `after[x]` best match `before[x + s]` in a band of rows.
/// Turning right moves the scene left, so s > 0.
enum ImageShift {
    static func horizontal(before: [UInt32], after: [UInt32], width: Int, rows: Range<Int>, maximum: Int = 80) -> (
        shift: Int, error: Double
    ) {
        var best = (shift: 0, error: Double.infinity)
        for shift in -maximum...maximum {
            var total = 0.0
            var count = 0
            for y in rows {
                for x in max(0, -shift)..<min(width, width - shift) {
                    let a = after[y * width + x], b = before[y * width + x + shift]
                    total += Double(channelDifference(a, b))
                    count += 1
                }
            }
            let error = total / Double(max(1, count))
            if error < best.error { best = (shift, error) }
        }
        return best
    }

    /// The summed absolute difference of the red, green and blue channels.
    static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var sum = 0
        for shift in [0, 8, 16] as [UInt32] {
            sum += abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF))
        }
        return sum
    }
}
