internal import CXlib

extension GrabRefusal {
    /// The refusal an `XGrabPointer` status means; `.requestFailed` for a status X does not
    /// define (the call returns only `GrabSuccess` or one of these).
    init(xlibStatus status: Int32) {
        switch status {
        case AlreadyGrabbed: self = .alreadyGrabbed
        case GrabInvalidTime: self = .invalidTime
        case GrabNotViewable: self = .notViewable
        case GrabFrozen: self = .frozen
        default: self = .requestFailed
        }
    }
}
