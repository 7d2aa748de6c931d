import CVulkan
import Foundation
import GameInput
import Synchronization

/// Prints a line at once, also into a pipe. Both threads print.
func say(_ line: String) {
    print(line)
    fflush(nil)
}

/// The render thread. It makes, uses and destroys every Vulkan object, so none is shared: the main
/// thread only hands it the camera and the window's size, behind a lock held just to copy them.
final class RenderThread: Sendable {
    private struct Shared {
        var camera = Camera()
        var windowSize: (width: Int, height: Int)
        var running = true
        var failed = false
        /// The device's name once Vulkan is ready, or what failed.
        var startup: Result<String, VulkanError>?
    }

    private let shared: Mutex<Shared>
    private let started = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread, which draws into `window` at `windowSize` until `stop()`.
    init(window: NativeWindowHandle, windowSize: (width: Int, height: Int)) {
        shared = Mutex(Shared(windowSize: windowSize))
        Thread { [self] in
            render(window)
            finished.signal()
        }.start()
    }

    /// Waits until the thread has made its Vulkan objects, and returns the device's name.
    func waitUntilReady() throws(VulkanError) -> String {
        _ = started.wait(timeout: .now() + 60)
        let startup = shared.withLock { $0.startup } ?? .failure(VulkanError(what: "Vulkan did not start in 60 s", result: VK_TIMEOUT))
        return try startup.get()
    }

    /// Whether drawing failed (and the thread stopped).
    var hasFailed: Bool { shared.withLock { $0.failed } }

    /// The camera for the next frame.
    func update(_ camera: Camera) { shared.withLock { $0.camera = camera } }

    /// The window's new size: the next frame makes a swapchain of it.
    func resize(width: Int, height: Int) { shared.withLock { $0.windowSize = (width, height) } }

    /// Stops the thread and waits (at most 10 s) until it has destroyed its Vulkan objects.
    /// Returns false when drawing failed.
    func stop() -> Bool {
        shared.withLock { $0.running = false }
        _ = finished.wait(timeout: .now() + 10)
        return !shared.withLock { $0.failed }
    }

    /// The thread's work. Every Vulkan object is gone when it returns (with `renderer`).
    private func render(_ window: NativeWindowHandle) {
        let made = Result { () throws(VulkanError) in try Renderer(window) }
        shared.withLock { $0.startup = made.map(\.deviceName) }
        started.signal()
        guard case .success(let renderer) = made else { return }

        var presentedSize = (width: UInt32(0), height: UInt32(0))
        var presentedCamera = Camera()
        var nextFrame = Date()
        while let (camera, windowSize) = shared.withLock({ $0.running ? ($0.camera, $0.windowSize) : nil }) {
            // FIFO presentation waits for the display, but a software driver's may not: keep to 60 Hz.
            Thread.sleep(until: nextFrame)
            nextFrame = max(nextFrame + 1 / 60, Date())
            let extent: VkExtent2D?
            do {
                extent = try renderer.drawFrame(camera: camera, windowSize: windowSize)
            } catch {
                // A lost surface is the X server gone: the main thread hears of it as .connectionLost.
                if error.result != VK_ERROR_SURFACE_LOST_KHR {
                    FileHandle.standardError.write(Data("vulkan-camera: \(error)\n".utf8))
                    shared.withLock { $0.failed = true }
                }
                return
            }
            guard let extent else { continue }  // nothing shown: the next frame tries again
            if (extent.width, extent.height) != presentedSize {
                presentedSize = (extent.width, extent.height)
                say("frame \(extent.width)x\(extent.height)")
            }
            if camera != presentedCamera {
                presentedCamera = camera
                say(String(format: "camera yaw %.2f pitch %.2f", camera.yaw, camera.pitch))
            }
        }
    }
}
