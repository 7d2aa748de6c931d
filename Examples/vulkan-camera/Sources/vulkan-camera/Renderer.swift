import CVulkan
import GameInput

/// A Vulkan call that failed, or a step that found nothing to use.
struct VulkanError: Error, CustomStringConvertible {
    var what: String
    var result: VkResult
    var description: String { "\(what) (VkResult \(result.rawValue))" }
}

/// Throws unless `result` is VK_SUCCESS.
private func check(_ result: VkResult, _ call: String) throws(VulkanError) {
    if result != VK_SUCCESS { throw VulkanError(what: "\(call) failed", result: result) }
}

/// Vulkan's two-call pattern: ask for the count, then fill an array of that many.
private func vulkanArray<T>(_ fill: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<T>?) -> Void) -> [T] {
    var count: UInt32 = 0
    fill(&count, nil)
    return [T](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
        fill(&count, buffer.baseAddress)
        initialized = Int(count)
    }
}

/// Memory for the arrays and strings that Vulkan's info structs point to, freed together. (The
/// pointer Swift makes from `&array` lives for one call only, too short to store in a struct.)
private struct Scratch {
    private var blocks: [UnsafeMutableRawPointer] = []

    mutating func array<T>(_ values: [T]) -> UnsafePointer<T> {
        let block = UnsafeMutablePointer<T>.allocate(capacity: values.count)
        block.initialize(from: values, count: values.count)
        blocks.append(UnsafeMutableRawPointer(block))
        return UnsafePointer(block)
    }

    mutating func strings(_ strings: [String]) -> UnsafePointer<UnsafePointer<CChar>?> {
        array(strings.map { Optional(array(Array($0.utf8CString))) })
    }

    func free() { blocks.forEach { $0.deallocate() } }
}

private let depthFormat = VK_FORMAT_D16_UNORM  // the one every device supports for depth
private let yes = VkBool32(VK_TRUE)

/// What depends on the window's size: the swapchain's images, each with a view, a framebuffer and
/// a semaphore, and one depth image. Destroyed with the last reference to it.
private final class Swapchain {
    let device: VkDevice
    let extent: VkExtent2D
    var handle: VkSwapchainKHR?
    var views: [VkImageView?] = []
    var framebuffers: [VkFramebuffer?] = []
    /// Signalled when an image's frame is drawn, waited on by its presentation: one per image,
    /// since a presentation may still wait on its semaphore when the next frame is submitted.
    var renderFinished: [VkSemaphore?] = []
    var depthImage: VkImage?
    var depthMemory: VkDeviceMemory?
    var depthView: VkImageView?

    init(device: VkDevice, extent: VkExtent2D) { (self.device, self.extent) = (device, extent) }

    deinit {
        framebuffers.forEach { vkDestroyFramebuffer(device, $0, nil) }
        views.forEach { vkDestroyImageView(device, $0, nil) }
        renderFinished.forEach { vkDestroySemaphore(device, $0, nil) }
        vkDestroyImageView(device, depthView, nil)
        vkDestroyImage(device, depthImage, nil)
        vkFreeMemory(device, depthMemory, nil)
        vkDestroySwapchainKHR(device, handle, nil)  // its images go with it
    }
}

/// Everything Vulkan needs to draw the scene into the window. The render thread makes, uses and
/// destroys it; no other thread touches it.
final class Renderer {
    private(set) var deviceName = ""
    private var instance: VkInstance?
    private var surface: VkSurfaceKHR?
    private var physicalDevice: VkPhysicalDevice?
    private var device: VkDevice?
    private var queue: VkQueue?
    private var surfaceFormat = VkSurfaceFormatKHR()
    private var renderPass: VkRenderPass?
    private var pipelineLayout: VkPipelineLayout?
    private var pipeline: VkPipeline?
    private var vertexBuffer: VkBuffer?
    private var vertexMemory: VkDeviceMemory?
    private var vertexCount: UInt32 = 0
    private var commandPool: VkCommandPool?
    private var commandBuffer: VkCommandBuffer?
    private var imageAvailable: VkSemaphore?
    private var frameDone: VkFence?
    private var swapchain: Swapchain?
    private var swapchainSize = (width: 0, height: 0)
    private var swapchainIsStale = false

    /// Makes everything but the swapchain, for the window `handle` names (an Xlib window, or a
    /// native Wayland surface). When it throws, `deinit` destroys what it made.
    init(_ handle: NativeWindowHandle) throws(VulkanError) {
        var scratch = Scratch()
        defer { scratch.free() }

        // The instance, with the extensions that make a surface of the window.
        let platformExtension = handle.wayland == nil ? VK_KHR_XLIB_SURFACE_EXTENSION_NAME : VK_KHR_WAYLAND_SURFACE_EXTENSION_NAME
        var instanceInfo = VkInstanceCreateInfo()
        instanceInfo.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO
        instanceInfo.enabledExtensionCount = 2
        instanceInfo.ppEnabledExtensionNames = scratch.strings([VK_KHR_SURFACE_EXTENSION_NAME, platformExtension])
        try check(vkCreateInstance(&instanceInfo, nil, &instance), "vkCreateInstance")

        // The surface: GameInput's window on GameInput's connection (on X11 opened with
        // XInitThreads; on Wayland the driver reads it through an event queue of its own), so the
        // driver may use it from this thread while the main thread reads events.
        if let x11 = handle.x11 {
            var surfaceInfo = VkXlibSurfaceCreateInfoKHR(
                sType: VK_STRUCTURE_TYPE_XLIB_SURFACE_CREATE_INFO_KHR, pNext: nil, flags: 0, dpy: x11.display, window: x11.window)
            try check(vkCreateXlibSurfaceKHR(instance, &surfaceInfo, nil, &surface), "vkCreateXlibSurfaceKHR")
        } else if let wayland = handle.wayland {
            var surfaceInfo = VkWaylandSurfaceCreateInfoKHR(
                sType: VK_STRUCTURE_TYPE_WAYLAND_SURFACE_CREATE_INFO_KHR, pNext: nil, flags: 0, display: wayland.display,
                surface: wayland.surface)
            try check(vkCreateWaylandSurfaceKHR(instance, &surfaceInfo, nil, &surface), "vkCreateWaylandSurfaceKHR")
        } else {
            throw VulkanError(what: "the window has no handle (closed?)", result: VK_ERROR_INITIALIZATION_FAILED)
        }

        // The first device with a queue family that both draws and presents to the surface.
        var queueFamily: UInt32 = 0
        search: for candidate in vulkanArray({ _ = vkEnumeratePhysicalDevices(instance, $0, $1) }) {
            let families = vulkanArray { vkGetPhysicalDeviceQueueFamilyProperties(candidate, $0, $1) }
            for (index, family) in families.enumerated() where family.queueFlags & VK_QUEUE_GRAPHICS_BIT.rawValue != 0 {
                var presents = VkBool32(VK_FALSE)
                _ = vkGetPhysicalDeviceSurfaceSupportKHR(candidate, UInt32(index), surface, &presents)
                if presents == yes {
                    (physicalDevice, queueFamily) = (candidate, UInt32(index))
                    break search
                }
            }
        }
        guard physicalDevice != nil else {
            throw VulkanError(what: "no Vulkan device can draw to the window", result: VK_ERROR_INITIALIZATION_FAILED)
        }
        var properties = VkPhysicalDeviceProperties()
        vkGetPhysicalDeviceProperties(physicalDevice, &properties)
        deviceName = withUnsafeBytes(of: properties.deviceName) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }

        // The logical device, with one queue and the swapchain extension.
        let queueInfo = VkDeviceQueueCreateInfo(
            sType: VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, pNext: nil, flags: 0, queueFamilyIndex: queueFamily, queueCount: 1,
            pQueuePriorities: scratch.array([1 as Float]))
        var deviceInfo = VkDeviceCreateInfo()
        deviceInfo.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO
        deviceInfo.queueCreateInfoCount = 1
        deviceInfo.pQueueCreateInfos = scratch.array([queueInfo])
        deviceInfo.enabledExtensionCount = 1
        deviceInfo.ppEnabledExtensionNames = scratch.strings([VK_KHR_SWAPCHAIN_EXTENSION_NAME])
        try check(vkCreateDevice(physicalDevice, &deviceInfo, nil, &device), "vkCreateDevice")
        vkGetDeviceQueue(device, queueFamily, 0, &queue)

        // The swapchain's pixel format: the surface's first. Mesa's is B8G8R8A8_SRGB: the shaders'
        // colours are linear, and the device encodes them for the display.
        guard let format = vulkanArray({ _ = vkGetPhysicalDeviceSurfaceFormatsKHR(physicalDevice, surface, $0, $1) }).first else {
            throw VulkanError(what: "the surface has no pixel format", result: VK_ERROR_FORMAT_NOT_SUPPORTED)
        }
        surfaceFormat = format
        try makeRenderPass()
        try makePipeline()
        try makeVertexBuffer(sceneTriangles())

        // One command buffer, recorded anew each frame, and what orders a frame's steps.
        var poolInfo = VkCommandPoolCreateInfo(
            sType: VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, pNext: nil, flags: VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT.rawValue,
            queueFamilyIndex: queueFamily)
        try check(vkCreateCommandPool(device, &poolInfo, nil, &commandPool), "vkCreateCommandPool")
        var bufferInfo = VkCommandBufferAllocateInfo(
            sType: VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, pNext: nil, commandPool: commandPool,
            level: VK_COMMAND_BUFFER_LEVEL_PRIMARY, commandBufferCount: 1)
        try check(vkAllocateCommandBuffers(device, &bufferInfo, &commandBuffer), "vkAllocateCommandBuffers")
        imageAvailable = try makeSemaphore()
        // Made signalled, so that the first frame need not wait for a frame before it.
        var fenceInfo = VkFenceCreateInfo(
            sType: VK_STRUCTURE_TYPE_FENCE_CREATE_INFO, pNext: nil, flags: VK_FENCE_CREATE_SIGNALED_BIT.rawValue)
        try check(vkCreateFence(device, &fenceInfo, nil, &frameDone), "vkCreateFence")
    }

    /// Waits until the device is idle, then destroys everything in the reverse order of creation.
    deinit {
        if let device {
            vkDeviceWaitIdle(device)
            swapchain = nil
            vkDestroyFence(device, frameDone, nil)
            vkDestroySemaphore(device, imageAvailable, nil)
            vkDestroyCommandPool(device, commandPool, nil)  // frees its command buffer
            vkDestroyBuffer(device, vertexBuffer, nil)
            vkFreeMemory(device, vertexMemory, nil)
            vkDestroyPipeline(device, pipeline, nil)
            vkDestroyPipelineLayout(device, pipelineLayout, nil)
            vkDestroyRenderPass(device, renderPass, nil)
            vkDestroyDevice(device, nil)
        }
        if let instance {
            vkDestroySurfaceKHR(instance, surface, nil)
            vkDestroyInstance(instance, nil)
        }
    }

    /// Draws and presents one frame of the scene as `camera` sees it, first making a new swapchain
    /// if the window's size changed or the old one went stale. Returns the size presented, or nil
    /// when no frame could be shown now (the window has no area, or the swapchain is out of date).
    func drawFrame(camera: Camera, windowSize: (width: Int, height: Int)) throws(VulkanError) -> VkExtent2D? {
        if swapchain == nil || swapchainIsStale || windowSize != swapchainSize { try makeSwapchain(windowSize) }
        guard let swapchain else { return nil }

        // Wait until the previous frame is drawn: its command buffer and semaphore are reused now.
        try check(vkWaitForFences(device, 1, &frameDone, yes, UInt64.max), "vkWaitForFences")
        var index: UInt32 = 0
        let acquired = vkAcquireNextImageKHR(device, swapchain.handle, 100_000_000, imageAvailable, nil, &index)
        switch acquired {
        case VK_SUCCESS: break
        case VK_SUBOPTIMAL_KHR: swapchainIsStale = true  // still good for this frame
        case VK_ERROR_OUT_OF_DATE_KHR:
            swapchainIsStale = true
            return nil
        case VK_TIMEOUT, VK_NOT_READY: return nil
        default: throw VulkanError(what: "vkAcquireNextImageKHR failed", result: acquired)
        }
        try check(vkResetFences(device, 1, &frameDone), "vkResetFences")
        let aspect = Float(swapchain.extent.width) / Float(swapchain.extent.height)
        try record(framebuffer: swapchain.framebuffers[Int(index)], extent: swapchain.extent, camera.viewProjection(aspect: aspect))

        var scratch = Scratch()
        defer { scratch.free() }
        // The colour writes wait until the presentation engine has let go of the image; when the
        // drawing is done, the fence and the image's semaphore are signalled.
        var submit = VkSubmitInfo()
        submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
        submit.waitSemaphoreCount = 1
        submit.pWaitSemaphores = scratch.array([imageAvailable])
        submit.pWaitDstStageMask = scratch.array([VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT.rawValue])
        submit.commandBufferCount = 1
        submit.pCommandBuffers = scratch.array([commandBuffer])
        submit.signalSemaphoreCount = 1
        submit.pSignalSemaphores = scratch.array([swapchain.renderFinished[Int(index)]])
        try check(vkQueueSubmit(queue, 1, &submit, frameDone), "vkQueueSubmit")

        var present = VkPresentInfoKHR()
        present.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR
        present.waitSemaphoreCount = 1
        present.pWaitSemaphores = submit.pSignalSemaphores
        present.swapchainCount = 1
        present.pSwapchains = scratch.array([swapchain.handle])
        present.pImageIndices = scratch.array([index])
        let presented = vkQueuePresentKHR(queue, &present)
        switch presented {
        case VK_SUCCESS: return swapchain.extent
        case VK_SUBOPTIMAL_KHR:
            swapchainIsStale = true
            return swapchain.extent
        case VK_ERROR_OUT_OF_DATE_KHR:
            swapchainIsStale = true
            return nil
        default: throw VulkanError(what: "vkQueuePresentKHR failed", result: presented)
        }
    }

    /// Records the frame: clear, then draw every triangle with the camera's matrix.
    private func record(framebuffer: VkFramebuffer?, extent: VkExtent2D, _ viewProjection: Matrix4) throws(VulkanError) {
        var scratch = Scratch()
        defer { scratch.free() }
        try check(vkResetCommandBuffer(commandBuffer, 0), "vkResetCommandBuffer")
        var begin = VkCommandBufferBeginInfo(
            sType: VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, pNext: nil, flags: VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT.rawValue,
            pInheritanceInfo: nil)
        try check(vkBeginCommandBuffer(commandBuffer, &begin), "vkBeginCommandBuffer")
        // Clear to a dark sky (seen when looking up over the walls), and the depth to the far plane.
        let clear = [
            VkClearValue(color: VkClearColorValue(float32: (0.02, 0.02, 0.06, 1))),
            VkClearValue(depthStencil: VkClearDepthStencilValue(depth: 1, stencil: 0)),
        ]
        var pass = VkRenderPassBeginInfo(
            sType: VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, pNext: nil, renderPass: renderPass, framebuffer: framebuffer,
            renderArea: VkRect2D(offset: VkOffset2D(x: 0, y: 0), extent: extent), clearValueCount: 2, pClearValues: scratch.array(clear))
        vkCmdBeginRenderPass(commandBuffer, &pass, VK_SUBPASS_CONTENTS_INLINE)
        vkCmdBindPipeline(commandBuffer, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline)
        // The viewport and scissor are dynamic state, so a new size needs no new pipeline.
        var viewport = VkViewport(x: 0, y: 0, width: Float(extent.width), height: Float(extent.height), minDepth: 0, maxDepth: 1)
        vkCmdSetViewport(commandBuffer, 0, 1, &viewport)
        vkCmdSetScissor(commandBuffer, 0, 1, &pass.renderArea)
        viewProjection.columns.withUnsafeBytes {
            vkCmdPushConstants(commandBuffer, pipelineLayout, VK_SHADER_STAGE_VERTEX_BIT.rawValue, 0, UInt32($0.count), $0.baseAddress)
        }
        var offset: VkDeviceSize = 0
        vkCmdBindVertexBuffers(commandBuffer, 0, 1, &vertexBuffer, &offset)
        vkCmdDraw(commandBuffer, vertexCount, 1, 0, 0)
        vkCmdEndRenderPass(commandBuffer)
        try check(vkEndCommandBuffer(commandBuffer), "vkEndCommandBuffer")
    }

    /// Replaces the swapchain with one of the window's current size; none while it has no area.
    private func makeSwapchain(_ windowSize: (width: Int, height: Int)) throws(VulkanError) {
        guard let device else { return }
        var scratch = Scratch()
        defer { scratch.free() }
        vkDeviceWaitIdle(device)  // nothing may still draw into the old images
        (swapchainSize, swapchainIsStale) = (windowSize, false)
        var capabilities = VkSurfaceCapabilitiesKHR()
        try check(
            vkGetPhysicalDeviceSurfaceCapabilitiesKHR(physicalDevice, surface, &capabilities), "vkGetPhysicalDeviceSurfaceCapabilitiesKHR")
        // On X11 the current extent is the window's size; on Wayland it is UInt32.max, which leaves
        // the choice to us: the window's size.
        var extent = capabilities.currentExtent
        if extent.width == UInt32.max { extent = VkExtent2D(width: UInt32(windowSize.width), height: UInt32(windowSize.height)) }
        guard extent.width > 0, extent.height > 0 else {
            swapchain = nil
            return
        }

        var info = VkSwapchainCreateInfoKHR()
        info.sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR
        info.surface = surface
        // One image more than the minimum, so that acquiring one seldom waits for the display.
        info.minImageCount = capabilities.minImageCount + 1
        if capabilities.maxImageCount > 0 { info.minImageCount = min(info.minImageCount, capabilities.maxImageCount) }
        (info.imageFormat, info.imageColorSpace) = (surfaceFormat.format, surfaceFormat.colorSpace)
        (info.imageExtent, info.imageArrayLayers) = (extent, 1)
        info.imageUsage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.rawValue
        info.preTransform = capabilities.currentTransform
        info.compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR
        info.presentMode = VK_PRESENT_MODE_FIFO_KHR  // waits for the display; always supported
        info.clipped = yes
        info.oldSwapchain = swapchain?.handle  // the driver may hand its resources over
        let next = Swapchain(device: device, extent: extent)
        try check(vkCreateSwapchainKHR(device, &info, nil, &next.handle), "vkCreateSwapchainKHR")
        swapchain = next  // destroys the old one

        // The depth image, in memory only the device needs to see.
        var depthInfo = VkImageCreateInfo()
        depthInfo.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO
        (depthInfo.imageType, depthInfo.format) = (VK_IMAGE_TYPE_2D, depthFormat)
        depthInfo.extent = VkExtent3D(width: extent.width, height: extent.height, depth: 1)
        (depthInfo.mipLevels, depthInfo.arrayLayers, depthInfo.samples) = (1, 1, VK_SAMPLE_COUNT_1_BIT)
        depthInfo.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT.rawValue
        try check(vkCreateImage(device, &depthInfo, nil, &next.depthImage), "vkCreateImage")
        var requirements = VkMemoryRequirements()
        vkGetImageMemoryRequirements(device, next.depthImage, &requirements)
        next.depthMemory = try allocate(requirements, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT.rawValue)
        try check(vkBindImageMemory(device, next.depthImage, next.depthMemory, 0), "vkBindImageMemory")
        next.depthView = try makeImageView(next.depthImage, depthFormat, VK_IMAGE_ASPECT_DEPTH_BIT)

        // For each swapchain image, a framebuffer of its colour view and the depth view.
        for image in vulkanArray({ _ = vkGetSwapchainImagesKHR(device, next.handle, $0, $1) }) {
            next.views.append(try makeImageView(image, surfaceFormat.format, VK_IMAGE_ASPECT_COLOR_BIT))
            var framebufferInfo = VkFramebufferCreateInfo(
                sType: VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, pNext: nil, flags: 0, renderPass: renderPass, attachmentCount: 2,
                pAttachments: scratch.array([next.views.last!, next.depthView]), width: extent.width, height: extent.height, layers: 1)
            var framebuffer: VkFramebuffer?
            try check(vkCreateFramebuffer(device, &framebufferInfo, nil, &framebuffer), "vkCreateFramebuffer")
            next.framebuffers.append(framebuffer)
            next.renderFinished.append(try makeSemaphore())
        }
    }

    /// The render pass: one subpass that writes a colour and a depth attachment.
    private func makeRenderPass() throws(VulkanError) {
        var scratch = Scratch()
        defer { scratch.free() }
        // Colour: cleared, kept, then given to the presentation engine. Depth: cleared, then dropped.
        var color = VkAttachmentDescription()
        (color.format, color.samples) = (surfaceFormat.format, VK_SAMPLE_COUNT_1_BIT)
        (color.loadOp, color.storeOp) = (VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE)
        color.finalLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR
        var depth = color
        (depth.format, depth.storeOp) = (depthFormat, VK_ATTACHMENT_STORE_OP_DONT_CARE)
        depth.finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL
        var subpass = VkSubpassDescription()
        subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS
        subpass.colorAttachmentCount = 1
        subpass.pColorAttachments = scratch.array([VkAttachmentReference(attachment: 0, layout: VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL)])
        subpass.pDepthStencilAttachment = scratch.array([
            VkAttachmentReference(attachment: 1, layout: VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL)
        ])
        // The writes wait for the acquired image (the submit's semaphore) and for the previous
        // frame's depth tests. UInt32.max is VK_SUBPASS_EXTERNAL: what came before the pass.
        let stages = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT.rawValue | VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT.rawValue
        let writes = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT.rawValue | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT.rawValue
        let dependency = VkSubpassDependency(
            srcSubpass: UInt32.max, dstSubpass: 0, srcStageMask: stages | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT.rawValue,
            dstStageMask: stages, srcAccessMask: VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT.rawValue, dstAccessMask: writes,
            dependencyFlags: 0)
        var info = VkRenderPassCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO
        (info.attachmentCount, info.pAttachments) = (2, scratch.array([color, depth]))
        (info.subpassCount, info.pSubpasses) = (1, scratch.array([subpass]))
        (info.dependencyCount, info.pDependencies) = (1, scratch.array([dependency]))
        try check(vkCreateRenderPass(device, &info, nil, &renderPass), "vkCreateRenderPass")
    }

    /// The graphics pipeline: the two shaders, triangles of `Vertex` values, the depth test, and the
    /// camera's matrix as a 64-byte push constant.
    private func makePipeline() throws(VulkanError) {
        var scratch = Scratch()
        defer { scratch.free() }
        var layoutInfo = VkPipelineLayoutCreateInfo(
            sType: VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, pNext: nil, flags: 0, setLayoutCount: 0, pSetLayouts: nil,
            pushConstantRangeCount: 1,
            pPushConstantRanges: scratch.array([VkPushConstantRange(stageFlags: VK_SHADER_STAGE_VERTEX_BIT.rawValue, offset: 0, size: 64)]))
        try check(vkCreatePipelineLayout(device, &layoutInfo, nil, &pipelineLayout), "vkCreatePipelineLayout")

        // The shader modules are needed only until the pipeline is made.
        let vertexShader = try makeShaderModule(vertexShaderCode)
        defer { vkDestroyShaderModule(device, vertexShader, nil) }
        let fragmentShader = try makeShaderModule(fragmentShaderCode)
        defer { vkDestroyShaderModule(device, fragmentShader, nil) }
        let stages = [(VK_SHADER_STAGE_VERTEX_BIT, vertexShader), (VK_SHADER_STAGE_FRAGMENT_BIT, fragmentShader)].map { stage, module in
            VkPipelineShaderStageCreateInfo(
                sType: VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, pNext: nil, flags: 0, stage: stage, module: module,
                pName: scratch.array(Array("main".utf8CString)), pSpecializationInfo: nil)
        }

        // One vertex buffer of `Vertex` values: the position at location 0, the colour at 1.
        let binding = VkVertexInputBindingDescription(
            binding: 0, stride: UInt32(MemoryLayout<Vertex>.stride), inputRate: VK_VERTEX_INPUT_RATE_VERTEX)
        let attributes = [\Vertex.position, \Vertex.color].enumerated().map { location, field in
            VkVertexInputAttributeDescription(
                location: UInt32(location), binding: 0, format: VK_FORMAT_R32G32B32_SFLOAT,
                offset: UInt32(MemoryLayout<Vertex>.offset(of: field)!))
        }
        let vertexInput = VkPipelineVertexInputStateCreateInfo(
            sType: VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO, pNext: nil, flags: 0, vertexBindingDescriptionCount: 1,
            pVertexBindingDescriptions: scratch.array([binding]), vertexAttributeDescriptionCount: 2,
            pVertexAttributeDescriptions: scratch.array(attributes))
        let inputAssembly = VkPipelineInputAssemblyStateCreateInfo(
            sType: VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO, pNext: nil, flags: 0,
            topology: VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, primitiveRestartEnable: 0)
        // One viewport and scissor, both set while recording (dynamic state).
        let viewport = VkPipelineViewportStateCreateInfo(
            sType: VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, pNext: nil, flags: 0, viewportCount: 1, pViewports: nil,
            scissorCount: 1, pScissors: nil)
        let dynamic = VkPipelineDynamicStateCreateInfo(
            sType: VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO, pNext: nil, flags: 0, dynamicStateCount: 2,
            pDynamicStates: scratch.array([VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR]))
        var rasterization = VkPipelineRasterizationStateCreateInfo()
        rasterization.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO
        (rasterization.polygonMode, rasterization.lineWidth) = (VK_POLYGON_MODE_FILL, 1)
        rasterization.cullMode = VK_CULL_MODE_NONE.rawValue  // no culling: the depth test hides what is behind
        var multisample = VkPipelineMultisampleStateCreateInfo()
        multisample.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO
        multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT
        var depthStencil = VkPipelineDepthStencilStateCreateInfo()
        depthStencil.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO
        (depthStencil.depthTestEnable, depthStencil.depthWriteEnable, depthStencil.depthCompareOp) = (yes, yes, VK_COMPARE_OP_LESS)
        var blendAttachment = VkPipelineColorBlendAttachmentState()
        blendAttachment.colorWriteMask = 0xF  // red, green, blue and alpha, without blending
        var blend = VkPipelineColorBlendStateCreateInfo()
        blend.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO
        (blend.attachmentCount, blend.pAttachments) = (1, scratch.array([blendAttachment]))

        var info = VkGraphicsPipelineCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO
        (info.stageCount, info.pStages) = (2, scratch.array(stages))
        info.pVertexInputState = scratch.array([vertexInput])
        info.pInputAssemblyState = scratch.array([inputAssembly])
        info.pViewportState = scratch.array([viewport])
        info.pRasterizationState = scratch.array([rasterization])
        info.pMultisampleState = scratch.array([multisample])
        info.pDepthStencilState = scratch.array([depthStencil])
        info.pColorBlendState = scratch.array([blend])
        info.pDynamicState = scratch.array([dynamic])
        (info.layout, info.renderPass, info.subpass) = (pipelineLayout, renderPass, 0)
        try check(vkCreateGraphicsPipelines(device, nil, 1, &info, nil, &pipeline), "vkCreateGraphicsPipelines")
    }

    /// The scene's triangles, copied once into memory that both the CPU and the device see.
    private func makeVertexBuffer(_ vertices: [Vertex]) throws(VulkanError) {
        let size = VkDeviceSize(vertices.count * MemoryLayout<Vertex>.stride)
        var info = VkBufferCreateInfo(
            sType: VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, pNext: nil, flags: 0, size: size,
            usage: VK_BUFFER_USAGE_VERTEX_BUFFER_BIT.rawValue, sharingMode: VK_SHARING_MODE_EXCLUSIVE, queueFamilyIndexCount: 0,
            pQueueFamilyIndices: nil)
        try check(vkCreateBuffer(device, &info, nil, &vertexBuffer), "vkCreateBuffer")
        var requirements = VkMemoryRequirements()
        vkGetBufferMemoryRequirements(device, vertexBuffer, &requirements)
        // Host-coherent: what the CPU writes reaches the device without flushing.
        let visible = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT.rawValue | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT.rawValue
        vertexMemory = try allocate(requirements, visible)
        try check(vkBindBufferMemory(device, vertexBuffer, vertexMemory, 0), "vkBindBufferMemory")
        var mapped: UnsafeMutableRawPointer?
        try check(vkMapMemory(device, vertexMemory, 0, size, 0, &mapped), "vkMapMemory")
        vertices.withUnsafeBytes { mapped?.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        vkUnmapMemory(device, vertexMemory)
        vertexCount = UInt32(vertices.count)
    }

    /// Allocates memory for `requirements` of a memory type that has all of `flags`.
    private func allocate(_ requirements: VkMemoryRequirements, _ flags: VkMemoryPropertyFlags) throws(VulkanError) -> VkDeviceMemory? {
        var memory = VkPhysicalDeviceMemoryProperties()
        vkGetPhysicalDeviceMemoryProperties(physicalDevice, &memory)
        let types = withUnsafeBytes(of: memory.memoryTypes) { Array($0.bindMemory(to: VkMemoryType.self)) }
        // A type the resource may live in (a bit of memoryTypeBits) with every property asked for.
        func suits(_ type: Int) -> Bool { requirements.memoryTypeBits >> type & 1 == 1 && types[type].propertyFlags & flags == flags }
        guard let type = (0..<Int(memory.memoryTypeCount)).first(where: suits) else {
            throw VulkanError(what: "no suitable memory type", result: VK_ERROR_OUT_OF_DEVICE_MEMORY)
        }
        var info = VkMemoryAllocateInfo(
            sType: VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, pNext: nil, allocationSize: requirements.size, memoryTypeIndex: UInt32(type))
        var allocated: VkDeviceMemory?
        try check(vkAllocateMemory(device, &info, nil, &allocated), "vkAllocateMemory")
        return allocated
    }

    private func makeImageView(_ image: VkImage?, _ format: VkFormat, _ aspect: VkImageAspectFlagBits) throws(VulkanError) -> VkImageView? {
        var info = VkImageViewCreateInfo(
            sType: VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, pNext: nil, flags: 0, image: image,
            viewType: VK_IMAGE_VIEW_TYPE_2D, format: format, components: VkComponentMapping(),  // no swizzle
            subresourceRange: VkImageSubresourceRange(
                aspectMask: aspect.rawValue, baseMipLevel: 0, levelCount: 1, baseArrayLayer: 0, layerCount: 1))
        var view: VkImageView?
        try check(vkCreateImageView(device, &info, nil, &view), "vkCreateImageView")
        return view
    }

    private func makeShaderModule(_ code: [UInt32]) throws(VulkanError) -> VkShaderModule? {
        var module: VkShaderModule?
        let result = code.withUnsafeBufferPointer { words in
            var info = VkShaderModuleCreateInfo(
                sType: VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, pNext: nil, flags: 0, codeSize: words.count * 4,
                pCode: words.baseAddress)
            return vkCreateShaderModule(device, &info, nil, &module)
        }
        try check(result, "vkCreateShaderModule")
        return module
    }

    private func makeSemaphore() throws(VulkanError) -> VkSemaphore? {
        var info = VkSemaphoreCreateInfo(sType: VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, pNext: nil, flags: 0)
        var semaphore: VkSemaphore?
        try check(vkCreateSemaphore(device, &info, nil, &semaphore), "vkCreateSemaphore")
        return semaphore
    }
}
