/// The bounds of a page of a list method.
public enum PageLimits {
  /// The most records one page holds (`limit` is 1 to this).
  public static let maxLimit = 1000
}
