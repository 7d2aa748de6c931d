/// Where frames drawn on the CPU go: the seam's presentation requirement
/// (``WindowBackend/makeFrameSurface(allowSharedMemory:)``). Each backend implements it with
/// its windowing system's shared memory (X11: MIT-SHM, with `XPutImage` where the server
/// refuses it; Wayland: `wl_shm` buffers paced by frame callbacks), and a test's fake with
/// plain memory; GamePixels' `PixelPresenter` is its public face and never asks which it has.
///
/// Used from the thread that drives the window, like the window itself.
package protocol FrameSurface: AnyObject {
    /// How frames reach the window now, and why.
    var path: FramePath { get }
    /// The memory to draw the next frame into; it moves when the size or the path changes.
    var memory: FrameMemory { get }
    /// Whether ``memory`` is what the server or compositor reads itself.
    var memoryIsShared: Bool { get }
    /// Until when the system may still be reading the last frame; nil where it says so by
    /// other means (a frame callback) or has nothing to read.
    var busyUntil: ContinuousClock.Instant? { get }
    /// The last frame is not done with: do not draw into ``memory`` yet.
    var isBusy: Bool { get }
    /// Moves ``path`` on from what the system answered; true when it changed (``memory`` moved).
    func updatePath(now: ContinuousClock.Instant) -> Bool
    /// Makes ``memory`` `width × height` (at least 1 × 1).
    func resize(width: Int, height: Int)
    /// Where the feedback of this surface's frames comes from, or why none does.
    var presentationFeedback: PresentationFeedbackSource { get }
    /// Sends ``memory`` to the window's top-left corner without waiting for the system, with
    /// the frame's feedback asked for where `feedback` is given; returns whether it sent a
    /// frame (nothing is sent while busy, held back or closed).
    func present(feedback: PresentationRequest?) -> Bool
    /// Frees what the system holds for the frames, without waiting; ``memory`` stays drawable.
    func close()
    /// Returns once the system has handled every frame sent so far (one round trip): for a
    /// benchmark that times presenting, never for a game's loop.
    func finishPresenting()
}

/// How long a frame sent through shared memory may go unanswered before its completion is
/// taken as overdue (GamePixels' `PixelPresenter.completionTimeout`).
package let frameCompletionTimeout: Duration = .milliseconds(500)

/// Rows of 32-bit pixels a ``FrameSurface`` draws from: where they start, their size and how far
/// apart rows are (GamePixels hands them out as `PixelRows`).
package struct FrameMemory: Equatable {
    package let baseAddress: UnsafeMutableRawPointer
    package let width: Int
    package let height: Int
    package let bytesPerRow: Int

    package init(baseAddress: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        self.baseAddress = baseAddress
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
    }
}

/// How a ``FrameSurface``'s frames reach the window (GamePixels' `PixelPresenter.Path`).
package enum FramePath: Equatable {
    /// Memory shared with the X server (MIT-SHM).
    case sharedMemory
    /// MIT-SHM with frames held back until an overdue completion arrives.
    case completionOverdue
    /// Each frame copied into a request (`XPutImage`), for the reason given.
    case copied(FrameCopyReason)
    /// Memory shared with the Wayland compositor (`wl_shm`).
    case compositorSharedMemory
}

/// Why frames are copied into requests (GamePixels' `PixelPresenter.PutImageReason`).
package enum FrameCopyReason: Equatable {
    case notRequested
    case notOffered
    case refusedByServer
    case completionLost
}

/// The window's pixel format is not one frames can be presented to: 24- or 32-bit true colour
/// with 8-bit channels only.
package struct FrameFormatUnsupported: Error {
    package let depth: Int32
    package let masks: (red: UInt, green: UInt, blue: UInt)

    package init(depth: Int32, masks: (red: UInt, green: UInt, blue: UInt)) {
        self.depth = depth
        self.masks = masks
    }
}
