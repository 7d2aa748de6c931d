public import GameInput

/// Puts pixels drawn on the CPU on a `GameWindow`: on X11 through MIT-SHM (`XShmPutImage`),
/// where the game draws straight into memory shared with the X server, or with `XPutImage`
/// where MIT-SHM cannot be used; on Wayland through a `wl_shm` buffer, memory shared with the
/// compositor, paced by the compositor's frame callbacks.
///
/// The presenter owns the memory to draw into, ``pixels``, sized with ``resize(width:height:)``
/// (call it on `InputEvent.resized(width:height:)`). Draw there and call
/// ``present()``: no copy on the way to the server. Pixels drawn elsewhere, with any stride,
/// go through ``present(copying:)``. One loop turn:
///
/// ```swift
/// window.pollEvents { event in
///     if case .resized(let width, let height) = event { presenter.resize(width: width, height: height) }
/// }
/// _ = presenter.updatePath(now: .now)
/// if !presenter.isBusy {
///     draw(into: presenter.pixels)
///     presenter.present()
/// }
/// ```
///
/// On Wayland the game draws into the buffer the compositor shows: ``present()`` attaches and
/// commits it with a frame callback, and the presenter ``isBusy`` until the compositor has
/// both read the buffer (`release`) and asked for the next frame (`done`). A window the
/// compositor does not show gets no frame callbacks, so the game draws nothing meanwhile.
///
/// Use it from the thread that drives the window. On X11 the window's visual must be true colour
/// with 8 bits per channel at depth 24 or 32 (`WindowVisual.default` is on every
/// server this was tried on; `WindowVisual.transparent` is): others throw
/// ``Unsupported``.
///
/// MIT-SHM is decided per connection, not by the extension list: a server reached over TCP,
/// `ssh -X` or from another IPC namespace lists MIT-SHM and then refuses to attach the
/// segment (`BadAccess`). The presenter attaches, waits for the answer, and on an error
/// presents with `XPutImage` from then on.
///
/// With MIT-SHM the server reads the segment after the request is sent, so the presenter asks
/// for a completion event (`ShmCompletion`) and reports ``isBusy`` until it arrives: the next
/// frame is not drawn over memory the server is still reading.
///
/// A completion that does not come within ``completionTimeout`` is late, not lost: the server
/// is busy, or another client holds `XGrabServer` (a window manager does, around some moves
/// and while it manages a new window) and the server reads none of our requests meanwhile.
/// The presenter then holds frames back (``Path/completionOverdue``): the segment stays
/// attached, ``pixels`` become a private buffer the game keeps drawing into, and
/// nothing is sent. When the completion arrives, ``updatePath(now:)`` puts ``pixels``
/// back into the segment and MIT-SHM goes on. Frames are held back rather than sent with
/// `XPutImage` because a server that reads nothing from us cannot show them anyway, and
/// sending them blocks the game: measured on Xvfb during a 1 s `XGrabServer`, a loop
/// sending a 640×360 frame (0.9 MB, more than the socket buffer holds) every 16 ms sat 1.0 s
/// in one `XPutImage`, and at 1280×720 likewise: no input handled meanwhile, for as long as
/// GameInput's stall watchdog allows (1 s) before it frees a locked pointer. Holding back
/// costs nothing, the loop goes on, and the first frame sent after the grab is a current one.
///
/// To tell a late completion from one that never comes, the presenter sends itself a client
/// message when the completion is overdue (`XSendEvent` to its own window, which the server
/// delivers to the window's creator). The server handles our requests in order, so a
/// completion it sends comes before that message: the message arriving first proves the
/// server processed the frame and sent no completion. Then the completion is lost, the
/// segment is freed and frames go through `XPutImage` for good
/// (``PutImageReason/completionLost``). Neither step waits for the server.
public final class PixelPresenter {
    /// How frames reach the window, and why.
    public enum Path: Equatable, Sendable, CustomStringConvertible {
        /// Frames go through MIT-SHM (`XShmPutImage`): ``PixelPresenter/pixels`` are the shared segment.
        case sharedMemory
        /// MIT-SHM with frames held back: the last frame's completion is overdue (the server
        /// is busy or another client holds `XGrabServer`). ``PixelPresenter/pixels`` are a private
        /// buffer, ``PixelPresenter/present()`` sends nothing, and MIT-SHM resumes when the
        /// completion arrives.
        case completionOverdue
        /// Frames go through `XPutImage` for the reason given: ``PixelPresenter/pixels`` are private
        /// memory, copied into the request.
        case putImage(PutImageReason)
        /// Wayland: frames go through a `wl_shm` buffer, ``PixelPresenter/pixels`` itself.
        case waylandSharedMemory

        /// How the path reads in the game's log.
        public var description: String {
            switch self {
            case .sharedMemory: "MIT-SHM"
            case .completionOverdue: "MIT-SHM, frames held back (completion overdue)"
            case .putImage(let reason): "XPutImage (\(reason))"
            case .waylandSharedMemory: "wl_shm"
            }
        }
    }

    /// Why frames go through `XPutImage`.
    public enum PutImageReason: Equatable, Sendable, CustomStringConvertible {
        /// The caller turned MIT-SHM off.
        case notRequested
        /// The server does not offer the extension.
        case notOffered
        /// The server offers it and refused our segment (a remote or containerised client).
        case refusedByServer
        /// The server processed a frame and sent no completion event for it.
        case completionLost

        /// How the reason reads in the game's log.
        public var description: String {
            switch self {
            case .notRequested: "MIT-SHM not requested"
            case .notOffered: "the server has no MIT-SHM"
            case .refusedByServer: "MIT-SHM refused by the server"
            case .completionLost: "MIT-SHM completion events stopped"
            }
        }
    }

    /// How long a sent frame may go unanswered before its completion is taken as overdue.
    public static let completionTimeout: Duration = frameCompletionTimeout

    /// The window's pixel format cannot be presented.
    public struct Unsupported: Error, CustomStringConvertible {
        /// The window's depth.
        public let depth: Int32
        /// The window visual's red, green and blue masks.
        public let masks: (red: UInt, green: UInt, blue: UInt)
        /// Why the window cannot be presented, for the game's log.
        public var description: String {
            "the window has depth \(depth) with masks 0x\(String(masks.red, radix: 16))/"
                + "0x\(String(masks.green, radix: 16))/0x\(String(masks.blue, radix: 16)); "
                + "pixels are presented to 24- or 32-bit true colour with 8-bit channels only"
        }
    }

    /// The window's own surface, from whichever system runs it.
    private let surface: any FrameSurface
    /// The window's frames, which each present submits.
    private let frames: FrameBooks

    /// A presenter for `gameWindow`'s pixels, sized to the window. On X11 it uses MIT-SHM
    /// unless `allowSharedMemory` is false, and receives the window's MIT-SHM events: one
    /// presenter per window. On Wayland the window's frames are the presenter's from now on.
    public init(window gameWindow: GameWindow, allowSharedMemory: Bool = true) throws(Unsupported) {
        do {
            surface = try gameWindow.makeFrameSurface(allowSharedMemory: allowSharedMemory)
        } catch {
            throw Unsupported(depth: error.depth, masks: error.masks)
        }
        frames = gameWindow.frames
    }

    /// How frames reach the window now.
    public var path: Path { Path(surface.path) }

    /// Whether frames go through shared memory (``Path/sharedMemory`` or
    /// ``Path/waylandSharedMemory``).
    public var usesSharedMemory: Bool { path == .sharedMemory || path == .waylandSharedMemory }

    /// The memory to draw the next frame into, sized with ``resize(width:height:)``: the shared
    /// segment on ``Path/sharedMemory``, the `wl_shm` buffer on Wayland, private memory
    /// otherwise and after ``close()``. Its rows are contiguous (``PixelRows/isContiguous``). It
    /// moves when the size or the path changes (``resize(width:height:)``, ``updatePath(now:)``
    /// returning true): read it again after those calls. Its contents are undefined after a
    /// move.
    public var pixels: PixelRows {
        let memory = surface.memory
        return PixelRows(baseAddress: memory.baseAddress, width: memory.width, height: memory.height, bytesPerRow: memory.bytesPerRow)
    }

    /// Whether ``pixels`` are the memory the server or compositor reads itself (for the tests
    /// in this package).
    package var pixelsAreShared: Bool { surface.memoryIsShared }

    /// Until when the X server may still be reading the last frame sent through MIT-SHM; nil
    /// once it completed, while frames are held back (``pixels`` are private then), and on
    /// Wayland, where the compositor's frame callback says when to draw.
    public var busyUntil: ContinuousClock.Instant? { surface.busyUntil }

    /// The last frame is not done with: the X server has not finished reading it, or the
    /// Wayland compositor has not released its buffer or asked for the next frame. Do not draw
    /// into ``pixels`` yet.
    public var isBusy: Bool { surface.isBusy }

    /// Moves ``path`` on from what the X server answered; call once per turn of the loop,
    /// after handling events. Returns whether the path changed (then ``pixels`` moved):
    /// - to ``Path/completionOverdue`` when the last MIT-SHM frame is unanswered at `now`,
    ///   past ``completionTimeout``: ``pixels`` become private memory and frames are held back;
    /// - back to ``Path/sharedMemory`` once that completion arrived: ``pixels`` are the
    ///   segment again (a new one if the size changed meanwhile);
    /// - to `.putImage(.completionLost)` once the server proved it processed the frame and
    ///   sent no completion: the segment is freed (`XShmDetach`, no round trip).
    ///
    /// On Wayland the path never changes.
    public func updatePath(now: ContinuousClock.Instant) -> Bool { surface.updatePath(now: now) }

    /// Frees the shared memory and what the server or compositor holds for it, without waiting
    /// for either; call before the window closes, also after `InputEvent.connectionLost`
    /// (then nothing is sent). ``pixels`` stay drawable at their size, in private memory;
    /// ``present()`` does nothing from then on.
    public func close() { surface.close() }

    /// Makes ``pixels`` `width × height` (at least 1 × 1; call it with the window's new size).
    /// With MIT-SHM this makes a new segment (round trips: `XShmAttach` is checked); while
    /// frames are held back only the private memory changes, and the segment is replaced when
    /// MIT-SHM resumes. On Wayland it makes a new buffer (no round trip).
    public func resize(width: Int, height: Int) { surface.resize(width: width, height: height) }

    /// Sends ``pixels`` to the window's top-left corner. Never waits for the server or the
    /// compositor; sends nothing while frames are held back or after ``close()``.
    ///
    /// The frame sent is the one begun last with `GameWindow.beginFrame()` (one begins here
    /// when none is open): what became of it comes as `InputEvent.presentation(_:)`.
    public func present() {
        frames.submit(source: surface.presentationFeedback) { request in surface.present(feedback: request) }
    }

    /// Returns once the server or compositor has handled every frame sent so far (one round
    /// trip): for a benchmark that times presenting, never for a game's loop.
    package func finishPresenting() { surface.finishPresenting() }

    /// Copies `source` (pixels the caller drew, with any stride) into ``pixels`` and presents
    /// them: the top-left overlap of both sizes is copied, the rest of ``pixels`` stays as it
    /// was. Returns false, copying and sending nothing, while the presenter ``isBusy`` or frames
    /// are held back: the last frame is not done with.
    @discardableResult
    public func present(copying source: PixelRows) -> Bool {
        guard !isBusy, path != .completionOverdue else { return false }
        pixels.copy(from: source)
        present()
        return true
    }
}

extension PixelPresenter.Path {
    /// The public name of a surface's path.
    init(_ path: FramePath) {
        switch path {
        case .sharedMemory: self = .sharedMemory
        case .completionOverdue: self = .completionOverdue
        case .copied(let reason): self = .putImage(PixelPresenter.PutImageReason(reason))
        case .compositorSharedMemory: self = .waylandSharedMemory
        }
    }
}

extension PixelPresenter.PutImageReason {
    /// The public name of a surface's reason to copy.
    init(_ reason: FrameCopyReason) {
        switch reason {
        case .notRequested: self = .notRequested
        case .notOffered: self = .notOffered
        case .refusedByServer: self = .refusedByServer
        case .completionLost: self = .completionLost
        }
    }
}

/// The presenter belongs to its window's thread or actor: Swift refuses to share it.
@available(*, unavailable, message: "a PixelPresenter belongs to its window's thread or actor")
extension PixelPresenter: Sendable {}
