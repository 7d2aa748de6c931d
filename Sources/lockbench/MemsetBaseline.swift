import CBenchSupport

/// The memory-bandwidth baseline: a block of memsets over a buffer, each with a different
/// byte value, in C behind a compiler barrier so no optimiser can drop a repeated fill.
struct MemsetBaseline {
    /// Memsets per block.
    static let blockSize = 32

    let buffer: UnsafeMutableRawPointer
    let byteCount: Int

    /// One block of `blockSize` memsets.
    func runBlock() {
        cbs_memset_block(buffer, byteCount, Int32(MemsetBaseline.blockSize))
    }
}
