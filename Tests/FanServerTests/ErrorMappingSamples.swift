import FanAPI
import FanCore
import FanServer
import FanStorage

/// One error of each case of every domain and storage error that `ErrorMapping` maps, for the
/// test that checks their codes, reasons and failures against `Docs/Protocol.md`'s table.
///
/// Each list is made by a `switch` over its error type's cases (`sample(of:)`), so a new case
/// does not compile until it has a sample here.
enum ErrorMappingSamples {
  /// Every sample, labelled as the failure messages name it.
  static var all: [(label: String, error: any Error)] {
    let account: [AccountError] = [
      .invalidUsername(""), .usernameTaken(""), .passwordMismatch, .weakPassword([]),
      .unknownUser(""), .wrongPassword, .tooManyAttempts(retryAfter: 0), .unauthorized,
      .notSignedIn(""), .registrationRefused([.passwordMismatch]),
    ]
    let catalog: [CatalogError] = [
      .notFound(kind: "", id: 0), .notFoundInUniverse(kind: "", id: nil, universe: .breakingBad),
      .unknownName(field: "", name: "", suggestions: []),
      .ambiguousName(field: "", name: "", candidates: []), .invalidValue(field: "", problem: ""),
      .noMatch(kind: "", author: nil, series: nil),
    ]
    let profile: [ProfileError] = [
      .notAnImage(""), .photoTooLarge(bytes: 0), .unreadablePhoto(path: "", reason: ""),
      .badPhotoData, .invalidDisplayName(""),
    ]
    let quiz: [QuizError] = [
      .invalid([]), .duplicate(title: "", existingID: 0), .notFound(id: 0),
      .onlineNotFound(id: ""),
    ]
    let storage: [StorageError] = [
      .cannotOpen(path: "", detail: ""), .corrupt(path: "", detail: ""),
      .readOnly(path: "", detail: ""), .diskFull(path: "", detail: ""),
      .busy(path: "", timeoutMilliseconds: 0), .ioError(path: "", detail: ""),
      .newerSchema(path: "", found: 0, known: 0), .missingLibrary(path: "", detail: ""),
      .internalFailure(detail: "", statement: ""),
      .unavailable(location: "", detail: ""), .usernameTaken, .duplicateQuiz(existingID: 0),
    ]
    let failures: [UpstreamError.Failure] = [
      .connectionRefused, .unreachable(""), .timedOut(seconds: 0), .connectionLost, .network(""),
      .httpStatus(500), .redirected(location: ""),
      .rateLimited(status: 429, retryAfter: nil, attempts: 1), .tooLarge(limit: 0),
      .tooManyPages(limit: 0), .refreshTooLarge(limit: 0), .invalidJSON(""), .wrongShape(""),
      .notAnImage(contentType: nil),
    ]
    let upstream = failures.map { UpstreamError(url: "", failure: $0) }
    let refresh: [CatalogRefreshError] =
      [.noLiveSource(.breakingBad), .noLiveSource(.rickAndMorty), .alreadyRunning]
      + upstream.map { .fetchFailed($0) }
    var samples: [(label: String, error: any Error)] = []
    samples += account.map { ("AccountError.\(sample(of: $0))", $0) }
    samples += catalog.map { ("CatalogError.\(sample(of: $0))", $0) }
    samples += profile.map { ("ProfileError.\(sample(of: $0))", $0) }
    samples += quiz.map { ("QuizError.\(sample(of: $0))", $0) }
    samples += storage.map { ("StorageError.\(sample(of: $0))", $0) }
    samples += upstream.map { ("UpstreamError(\(sample(of: $0.failure)))", $0) }
    samples += refresh.map { ("CatalogRefreshError.\(sample(of: $0))", $0) }
    return samples
  }

  /// The case's name; a new case of `AccountError` needs a sample in `all`.
  static func sample(of error: AccountError) -> String {
    switch error {
    case .invalidUsername: "invalidUsername"
    case .usernameTaken: "usernameTaken"
    case .passwordMismatch: "passwordMismatch"
    case .weakPassword: "weakPassword"
    case .unknownUser: "unknownUser"
    case .wrongPassword: "wrongPassword"
    case .tooManyAttempts: "tooManyAttempts"
    case .unauthorized: "unauthorized"
    case .notSignedIn: "notSignedIn"
    case .registrationRefused: "registrationRefused"
    }
  }

  /// The case's name; a new case of `CatalogError` needs a sample in `all`.
  static func sample(of error: CatalogError) -> String {
    switch error {
    case .notFound: "notFound"
    case .notFoundInUniverse: "notFoundInUniverse"
    case .unknownName: "unknownName"
    case .ambiguousName: "ambiguousName"
    case .invalidValue: "invalidValue"
    case .noMatch: "noMatch"
    }
  }

  /// The case's name; a new case of `ProfileError` needs a sample in `all`.
  static func sample(of error: ProfileError) -> String {
    switch error {
    case .notAnImage: "notAnImage"
    case .photoTooLarge: "photoTooLarge"
    case .unreadablePhoto: "unreadablePhoto"
    case .badPhotoData: "badPhotoData"
    case .invalidDisplayName: "invalidDisplayName"
    }
  }

  /// The case's name; a new case of `QuizError` needs a sample in `all`.
  static func sample(of error: QuizError) -> String {
    switch error {
    case .invalid: "invalid"
    case .duplicate: "duplicate"
    case .notFound: "notFound"
    case .onlineNotFound: "onlineNotFound"
    }
  }

  /// The case's name; a new case of `StorageError` needs a sample in `all`.
  static func sample(of error: StorageError) -> String {
    switch error {
    case .cannotOpen: "cannotOpen"
    case .corrupt: "corrupt"
    case .readOnly: "readOnly"
    case .diskFull: "diskFull"
    case .busy: "busy"
    case .ioError: "ioError"
    case .newerSchema: "newerSchema"
    case .missingLibrary: "missingLibrary"
    case .internalFailure: "internalFailure"
    case .unavailable: "unavailable"
    case .usernameTaken: "usernameTaken"
    case .duplicateQuiz: "duplicateQuiz"
    }
  }

  /// The case's name; a new case of `UpstreamError.Failure` needs a sample in `all`.
  static func sample(of failure: UpstreamError.Failure) -> String {
    switch failure {
    case .connectionRefused: "connectionRefused"
    case .unreachable: "unreachable"
    case .timedOut: "timedOut"
    case .connectionLost: "connectionLost"
    case .network: "network"
    case .httpStatus: "httpStatus"
    case .redirected: "redirected"
    case .rateLimited: "rateLimited"
    case .tooLarge: "tooLarge"
    case .tooManyPages: "tooManyPages"
    case .refreshTooLarge: "refreshTooLarge"
    case .invalidJSON: "invalidJSON"
    case .wrongShape: "wrongShape"
    case .notAnImage: "notAnImage"
    }
  }

  /// The case's name; a new case of `CatalogRefreshError` needs a sample in `all`.
  static func sample(of error: CatalogRefreshError) -> String {
    switch error {
    case .noLiveSource(let universe): "noLiveSource(\(universe.rawValue))"
    case .alreadyRunning: "alreadyRunning"
    case .fetchFailed(let error): "fetchFailed(\(sample(of: error.failure)))"
    }
  }
}
