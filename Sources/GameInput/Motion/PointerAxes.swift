/// Which valuators of a pointer device carry horizontal and vertical motion, and whether they
/// report positions (absolute: tablets, touchscreens, virtual machines' pointers) or movements.
///
/// Found from the device's `XIValuatorClassInfo` entries by their labels (`Rel X`/`Rel Y` or
/// `Abs X`/`Abs Y`), never assumed from their order.
package struct PointerAxes: Hashable, Sendable {
    /// The valuator number of the horizontal axis.
    package var xAxis: Int
    /// The valuator number of the vertical axis.
    package var yAxis: Int
    /// Whether the axes report positions, so motion is the difference between two events.
    package var isAbsolute: Bool

    /// Axes on valuators `xAxis` and `yAxis`, reporting positions when `isAbsolute` is true.
    package init(xAxis: Int, yAxis: Int, isAbsolute: Bool) {
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.isAbsolute = isAbsolute
    }

    /// Valuators 0 and 1 as relative axes: what a device without labels is taken to have.
    package static let conventional = PointerAxes(xAxis: 0, yAxis: 1, isAbsolute: false)
}
