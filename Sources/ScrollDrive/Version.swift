import CScrollDrive

/// The version of ScrollDrive (its C core and this Swift API, released
/// together). Written once, in the C header (`SD_VERSION_STRING`).
public enum ScrollDriveVersion {
    /// "major.minor.patch", e.g. "0.2.0".
    public static let string = String(cString: sd_version())
}
