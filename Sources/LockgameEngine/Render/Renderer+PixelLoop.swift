internal import CPixelSpanAVX2

extension Renderer {
    /// Which implementation of the pixel loop draws the spans. Every one gives the same pixels;
    /// they differ in speed and in the CPUs they run on.
    public enum PixelLoop: String, Sendable, CaseIterable {
        /// One pixel at a time, for any CPU (SSE2 on x86-64): `SpanShading.shade`.
        case scalar
        /// Eight pixels at a time with AVX2 (x86-64 CPUs from 2013 on):
        /// `SpanShading.shadeEightWide`.
        case eightWideAVX2 = "avx2"

        /// Whether this CPU can run the loop (CPUID and the OS's register saving, read once).
        public var isAvailable: Bool {
            switch self {
            case .scalar: true
            case .eightWideAVX2: PixelLoop.cpuHasAVX2
            }
        }

        /// The fastest loop this CPU runs.
        public static var fastest: PixelLoop {
            cpuHasAVX2 ? .eightWideAVX2 : .scalar
        }

        private static let cpuHasAVX2 = cpsa_cpu_has_avx2() != 0
    }
}
