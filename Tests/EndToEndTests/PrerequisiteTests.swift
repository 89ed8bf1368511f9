import TestSupport
import Testing

/// The programs the tests use besides Swift: a run without them fails here, in one line.
@Suite("Prerequisites")
struct PrerequisiteTests {
  @Test(
    "python3, jsonschema, node, bash, jq, qpdf, poppler, PostgreSQL and the MCP SDK are installed (the README lists them)"
  )
  func installed() {
    #expect(Prerequisite.summary == nil, "\(Prerequisite.summary ?? "")")
  }
}
