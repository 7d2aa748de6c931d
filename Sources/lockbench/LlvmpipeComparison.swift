/// How llvmpipe's picture of the demo frame compares with the project renderer's: the mean
/// absolute difference per colour channel, the share of pixels where a channel differs by
/// more than 8, and each side's coverage (share of pixels with geometry, from depth). The
/// timing is only a comparison of the same work when the two pictures agree (`problems`).
struct LlvmpipeComparison {
    /// Largest mean channel difference (of 255) that still counts as the same picture.
    static let largestMeanChannelDifference = 4.0
    /// Largest coverage difference (a fraction of the frame) that still counts as the same geometry.
    static let largestCoverageDifference = 0.01

    /// Mean of |llvmpipe − ours| over the red, green and blue channels of every pixel (0...255).
    let meanChannelDifference: Double
    /// Share of pixels where some channel differs by more than 8.
    let fractionDifferingOver8: Double
    /// Share of llvmpipe's pixels with geometry (depth above 0).
    let coverage: Double
    /// Share of our pixels with geometry (`DemoFrame.coverage`).
    let referenceCoverage: Double

    /// Compares llvmpipe's `color` and `depth` with our `referenceColor` and `referenceDepth`
    /// (same size, top row first).
    init(
        color: UnsafeMutableBufferPointer<UInt32>, depth: UnsafeMutableBufferPointer<Float>,
        referenceColor: UnsafeMutableBufferPointer<UInt32>, referenceDepth: UnsafeMutableBufferPointer<Float>
    ) {
        var channelDifferences = 0, pixelsOver8 = 0
        for (theirs, ours) in zip(color, referenceColor) {
            let red = LlvmpipeComparison.difference(theirs, ours, shift: 16)
            let green = LlvmpipeComparison.difference(theirs, ours, shift: 8)
            let blue = LlvmpipeComparison.difference(theirs, ours, shift: 0)
            channelDifferences += red + green + blue
            if max(red, green, blue) > 8 { pixelsOver8 += 1 }
        }
        let pixels = Double(max(color.count, 1))
        meanChannelDifference = Double(channelDifferences) / (3 * pixels)
        fractionDifferingOver8 = Double(pixelsOver8) / pixels
        coverage = DemoFrame.coverage(depth)
        referenceCoverage = DemoFrame.coverage(referenceDepth)
    }

    /// Why llvmpipe's frame is not the same picture as ours (empty when it is).
    var problems: [String] {
        var problems: [String] = []
        if meanChannelDifference > LlvmpipeComparison.largestMeanChannelDifference {
            problems.append(
                "llvmpipe's frame differs from ours by \(FigureReport.format(meanChannelDifference))/255 "
                    + "per channel on average (at most \(FigureReport.format(LlvmpipeComparison.largestMeanChannelDifference)))")
        }
        if abs(coverage - referenceCoverage) > LlvmpipeComparison.largestCoverageDifference {
            problems.append(
                "llvmpipe covers \(FigureReport.format(coverage * 100)) % of the frame with geometry, "
                    + "ours \(FigureReport.format(referenceCoverage * 100)) %")
        }
        return problems
    }

    /// |a − b| in the 8-bit channel at `shift` of two 0xAARRGGBB pixels.
    private static func difference(_ a: UInt32, _ b: UInt32, shift: UInt32) -> Int {
        abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF))
    }
}
