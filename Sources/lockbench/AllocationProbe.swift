import CBenchSupport

/// Counts heap allocations made by a piece of work, through the malloc interposition in
/// `CBenchSupport` (every allocation in the process, Swift runtime included).
enum AllocationProbe {
    /// Allocations per call of `body`, averaged over `calls` calls after one warm-up call.
    static func perCall(calls: Int, _ body: () -> Void) -> Double {
        body()
        let before = cbs_allocation_count()
        for _ in 0..<calls { body() }
        return Double(cbs_allocation_count() &- before) / Double(max(calls, 1))
    }

    /// Allocations per call of `body` (after one warm-up call) in all, and of those the ones
    /// made inside the windowing systems' client libraries (libxcb's per-event buffers, Xlib's
    /// event cookies, libwayland's message closures).
    static func perCallWithClientLibraries(calls: Int, _ body: () -> Void) -> (all: Double, clientLibraries: Double) {
        body()
        let before = cbs_allocation_count(), xBefore = cbs_client_library_allocation_count()
        for _ in 0..<calls { body() }
        let n = Double(max(calls, 1))
        return (Double(cbs_allocation_count() &- before) / n, Double(cbs_client_library_allocation_count() &- xBefore) / n)
    }

    /// True when the counter sees allocations at all (the interposition is in effect).
    static func isCounting() -> Bool {
        let before = cbs_allocation_count()
        let array = [Int](repeating: 7, count: 1000 + Int(before % 3))
        return cbs_allocation_count() > before && array.count > 0
    }
}
