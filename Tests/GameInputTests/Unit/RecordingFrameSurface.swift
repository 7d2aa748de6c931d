@testable import GameInput

/// A ``FrameSurface`` of plain memory that records each frame presented and, like a server
/// reading shared memory, stays busy until the test says the frame was read.
final class RecordingFrameSurface: FrameSurface {
    /// Every frame presented, its pixels row by row.
    private(set) var frames: [[UInt32]] = []
    /// The sizes asked for, in order.
    private(set) var resizes: [(width: Int, height: Int)] = []
    private(set) var isClosed = false
    private(set) var finishes = 0
    var path: FramePath
    private(set) var memory: FrameMemory
    var memoryIsShared: Bool { path == .sharedMemory }
    private(set) var busyUntil: ContinuousClock.Instant?
    var isBusy: Bool { busyUntil != nil }
    private var storage: UnsafeMutableRawPointer

    init(width: Int, height: Int, shared: Bool) {
        path = shared ? .sharedMemory : .copied(.notRequested)
        storage = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 64)
        memory = FrameMemory(baseAddress: storage, width: width, height: height, bytesPerRow: width * 4)
    }

    deinit { storage.deallocate() }

    /// The system has read the last frame.
    func finishReading() { busyUntil = nil }

    func updatePath(now: ContinuousClock.Instant) -> Bool { false }

    func resize(width: Int, height: Int) {
        resizes.append((width, height))
        storage.deallocate()
        storage = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 64)
        memory = FrameMemory(baseAddress: storage, width: width, height: height, bytesPerRow: width * 4)
    }

    /// What the surface says of feedback; none by default, as on X11.
    var presentationFeedback: PresentationFeedbackSource = .unavailable(.noPresentCompletions)
    /// The feedback asked for with each frame, nil where none was.
    private(set) var feedbackRequests: [PresentationRequest?] = []

    func present(feedback: PresentationRequest?) -> Bool {
        guard !isClosed else { return false }
        feedbackRequests.append(feedback)
        var frame: [UInt32] = []
        for y in 0..<memory.height {
            let row = (memory.baseAddress + y * memory.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            frame += UnsafeBufferPointer(start: row, count: memory.width)
        }
        frames.append(frame)
        if path == .sharedMemory { busyUntil = .now + frameCompletionTimeout }
        return true
    }

    func close() { isClosed = true }

    func finishPresenting() { finishes += 1 }
}
