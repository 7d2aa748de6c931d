import GamePixels
import Testing

@testable import GameInput

/// GamePixels' presenter over the recording backend: it presents through the seam's frame
/// surface alone, whatever system is behind it, and keeps its own promises (no drawing into a
/// frame the system still reads, nothing sent after close).
@Suite struct PixelPresenterSeamTests {
    static func presenter(allowSharedMemory: Bool = true) throws -> (PixelPresenter, RecordingFrameSurface, RecordingBackend) {
        let (window, backend) = GameWindowSeamTests.window()
        let presenter = try PixelPresenter(window: window, allowSharedMemory: allowSharedMemory)
        return (presenter, try #require(backend.frameSurface), backend)
    }

    static func fill(_ pixels: PixelRows, _ colour: UInt32) {
        for y in 0..<pixels.height { pixels.row(y).update(repeating: colour) }
    }

    @Test func framesDrawnIntoThePixelsReachTheSurface() throws {
        let (presenter, surface, backend) = try Self.presenter()
        #expect(backend.calls.last == "frame surface shared")
        #expect(presenter.pixels.width == 640 && presenter.pixels.height == 360, "sized to the window")
        #expect(presenter.path == .sharedMemory && presenter.usesSharedMemory)
        Self.fill(presenter.pixels, 0xFF11_2233)
        presenter.present()
        #expect(surface.frames.count == 1)
        #expect(surface.frames.last?.allSatisfy { $0 == 0xFF11_2233 } == true, "the frame is what was drawn")
        #expect(presenter.isBusy && presenter.busyUntil != nil, "busy while the system reads the frame")
    }

    @Test func aCopiedFrameWaitsUntilTheLastOneWasRead() throws {
        let (presenter, surface, _) = try Self.presenter()
        presenter.present()
        let drawn = UnsafeMutableRawPointer.allocate(byteCount: 4 * 4 * 4, alignment: 16)
        defer { drawn.deallocate() }
        let source = PixelRows(baseAddress: drawn, width: 4, height: 4, bytesPerRow: 16)
        Self.fill(source, 0xFFAB_CDEF)
        #expect(!presenter.present(copying: source), "refused while the last frame is read")
        #expect(surface.frames.count == 1)
        surface.finishReading()
        #expect(presenter.present(copying: source))
        #expect(surface.frames.count == 2)
        #expect(surface.frames.last?[0] == 0xFFAB_CDEF && surface.frames.last?[3] == 0xFFAB_CDEF, "the overlap is copied")
    }

    @Test func resizeMovesThePixelsAndCloseSendsNothing() throws {
        let (presenter, surface, _) = try Self.presenter()
        presenter.resize(width: 8, height: 2)
        #expect(surface.resizes.map(\.width) == [8] && surface.resizes.map(\.height) == [2])
        #expect(presenter.pixels.width == 8 && presenter.pixels.height == 2 && presenter.pixels.isContiguous)
        presenter.close()
        Self.fill(presenter.pixels, 1)
        presenter.present()
        #expect(surface.isClosed && surface.frames.isEmpty, "nothing presented after close")
    }

    @Test func theSurfacesPathReadsInThePresentersWords() throws {
        let (presenter, surface, backend) = try Self.presenter(allowSharedMemory: false)
        #expect(backend.calls.last == "frame surface copied")
        #expect(presenter.path == .putImage(.notRequested) && !presenter.usesSharedMemory)
        for (path, expected) in [
            (FramePath.copied(.refusedByServer), PixelPresenter.Path.putImage(.refusedByServer)),
            (.copied(.notOffered), .putImage(.notOffered)), (.copied(.completionLost), .putImage(.completionLost)),
            (.completionOverdue, .completionOverdue), (.compositorSharedMemory, .waylandSharedMemory),
        ] {
            surface.path = path
            #expect(presenter.path == expected)
        }
        presenter.finishPresenting()
        #expect(surface.finishes == 1, "the benchmark's wait reaches the surface")
    }

    @Test func aFormatTheSurfaceRefusesIsUnsupported() {
        let (window, backend) = GameWindowSeamTests.window()
        backend.refusedFormat = FrameFormatUnsupported(depth: 16, masks: (red: 0xF800, green: 0x7E0, blue: 0x1F))
        #expect {
            _ = try PixelPresenter(window: window)
        } throws: { error in
            guard let unsupported = error as? PixelPresenter.Unsupported else { return false }
            return unsupported.depth == 16 && unsupported.masks.green == 0x7E0
                && unsupported.description.contains("depth 16")
        }
    }
}
