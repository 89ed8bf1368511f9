import BBFanClient
import Foundation
import TestSupport
import Testing

/// The quizzes, profile and account-switching calls of the Swift client against the built binary.
extension BBFanClientTests {
  /// A 1×1 PNG (69 bytes), the image of the schemas' examples.
  static let png = Data(
    base64Encoded:
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4o6QEAALOARFa6phZAAAAAElFTkSuQmCC"
  )

  /// Signs `walt` in.
  private func signIn(_ client: BBFanClient, as username: String = "walt") async throws {
    _ = try await client.authRegister(
      .init(username: username, password: "Heisenberg1!", passwordConfirmation: "Heisenberg1!"))
  }

  /// The error `body` throws, or nil (recorded as an issue) when it throws none.
  ///
  /// Call it outside `#expect(...)`: with Swift 6.3, a closure written inside the macro's
  /// argument was seen to run in place of another closure of the same function.
  private func error(_ body: () async throws -> Void) async -> BBFanError? {
    do {
      try await body()
      Issue.record("no error was thrown")
      return nil
    } catch let error as BBFanError {
      return error
    } catch {
      Issue.record("threw \(error), not a BBFanError")
      return nil
    }
  }

  @Test("quizzes.create trims, and names every missing piece or the duplicate")
  func create() async throws {
    try await withClient { client in
      let nobody = await error {
        _ = try await client.quizzesCreate(.init(title: "Quick Sort", facts: ["a", "b"]))
      }
      #expect(nobody?.code == -32001)
      #expect(nobody?.reason == "unauthorized")
      try await signIn(client)
      let quiz = try await client.quizzesCreate(
        .init(title: " Quick Sort ", facts: ["Divide and conquer ", " Partitions around a pivot"]))
      #expect(quiz.id == 1)
      #expect(quiz.title == "Quick Sort")
      #expect(quiz.facts == ["Divide and conquer", "Partitions around a pivot"])
      #expect(quiz.onlineId == nil)
      #expect(try Date(quiz.createdAt, strategy: .iso8601).timeIntervalSinceNow.magnitude < 60)

      let invalid = await error {
        _ = try await client.quizzesCreate(.init(title: "  ", facts: ["only one"]))
      }
      #expect(invalid?.code == -32602)
      #expect(invalid?.field == "title")
      #expect(invalid?.problem == "Title is required; A quiz needs two facts")
      #expect(
        invalid?.problems == [
          .init(field: "title", problem: "Title is required"),
          .init(field: "facts", problem: "A quiz needs two facts"),
        ])
      #expect(invalid?.message == "Invalid params: Title is required; A quiz needs two facts.")

      let duplicate = await error {
        _ = try await client.quizzesCreate(.init(title: "quick  SORT", facts: ["a", "b"]))
      }
      #expect(duplicate?.code == -32016)
      #expect(duplicate?.reason == "duplicate")
      #expect(duplicate?.existingId == 1)
      #expect(try await client.quizzesList().total == 1)
    }
  }

  @Test("quizzes.list is newest first, searched, paged by nextCursor; get, delete, not-found")
  func listGetDelete() async throws {
    try await withClient { client in
      try await signIn(client)
      for number in 1...5 {
        _ = try await client.quizzesCreate(
          .init(
            title: "Quiz \(number)", facts: ["Fact \(number)a", number == 3 ? "pivot" : "other"]))
      }
      let whole = try await client.quizzesList()
      #expect(whole.quizzes.map(\.id) == [5, 4, 3, 2, 1])
      #expect(whole.total == 5)
      #expect(whole.nextCursor == nil)

      var pages: [[Int64]] = []
      var cursor: String?
      repeat {
        let page = try await client.quizzesList(.init(limit: 2, cursor: cursor))
        #expect(page.total == 5)
        pages.append(page.quizzes.map(\.id))
        cursor = page.nextCursor
      } while cursor != nil
      #expect(pages == [[5, 4], [3, 2], [1]])

      let first = try await client.quizzesList(.init(limit: 2))
      _ = try await client.quizzesCreate(.init(title: "Quiz 6", facts: ["a", "b"]))
      let next = try await client.quizzesList(.init(limit: 2, cursor: first.nextCursor))
      #expect(next.quizzes.map(\.id) == [3, 2], "a cursor stays right while quizzes are added")

      let searched = try await client.quizzesList(.init(search: "PIVOT"))
      #expect(searched.quizzes.map(\.title) == ["Quiz 3"])
      #expect(searched.total == 1)

      let three = try await client.quizzesGet(.init(id: 3))
      #expect(three.title == "Quiz 3")
      #expect(three.facts == ["Fact 3a", "pivot"])
      let deleted = try await client.quizzesDelete(.init(id: 3))
      #expect(deleted == three)
      #expect(try await client.quizzesList().quizzes.map(\.id) == [6, 5, 4, 2, 1])

      let gone = await error { _ = try await client.quizzesGet(.init(id: 3)) }
      #expect(gone?.code == -32004)
      #expect(gone?.reason == "not-found")
      #expect(gone?.message == "Not found: your collection has no quiz with id 3.")
      let goneAgain = await error { _ = try await client.quizzesDelete(.init(id: 3)) }
      #expect(goneAgain?.reason == "not-found")
      try await signIn(client, as: "jesse")
      let others = await error { _ = try await client.quizzesGet(.init(id: 1)) }
      #expect(others?.reason == "not-found", "another user's quiz is never shown")
      #expect(try await client.quizzesList().quizzes.isEmpty)
    }
  }

  @Test("quizzes.online is sorted by title with numbers by value; add copies one, once")
  func online() async throws {
    try await withClient { client in
      let anonymous = try await client.quizzesOnline()
      #expect(anonymous.total == 52)
      #expect(anonymous.quizzes.count == 52)
      #expect(anonymous.quizzes.allSatisfy { $0.inCollection == nil })
      let titles = anonymous.quizzes.map(\.title)
      #expect(titles.first == "application:willFinishLaunchingWithOptions")
      let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .numeric]
      #expect(
        zip(titles, titles.dropFirst()).allSatisfy {
          $0.compare($1, options: options) != .orderedDescending
        }, "sorted by title, ignoring case and accents, numbers by value")
      var walked: [String] = []
      var cursor: String?
      repeat {
        let page = try await client.quizzesOnline(.init(limit: 20, cursor: cursor))
        walked += page.quizzes.map(\.id)
        cursor = page.nextCursor
      } while cursor != nil
      #expect(walked == anonymous.quizzes.map(\.id))

      try await signIn(client)
      let toddlers = try await client.quizzesOnline(.init(search: "toddler"))
      #expect(
        toddlers.quizzes.map(\.title) == ["Toddler Quiz #1", "Toddler Quiz #2", "Toddler Quiz #3"])
      #expect(toddlers.quizzes.map(\.id) == ["45", "48", "49"])
      #expect(toddlers.quizzes.map(\.inCollection) == [false, false, false])

      let added = try await client.quizzesAdd(.init(onlineId: "48"))
      #expect(added.title == "Toddler Quiz #2")
      #expect(added.onlineId == "48")
      #expect(
        added.facts == ["Baa baa black sheep, have you any ____?", "Mary had a little ____."])
      #expect(
        try await client.quizzesOnline(.init(search: "toddler")).quizzes.map(\.inCollection) == [
          false, true, false,
        ])
      let again = await error { _ = try await client.quizzesAdd(.init(onlineId: "48")) }
      #expect(again?.code == -32016)
      #expect(again?.existingId.map(Int64.init) == added.id)
      let unknown = await error { _ = try await client.quizzesAdd(.init(onlineId: "99")) }
      #expect(unknown?.code == -32004)
      #expect(unknown?.message == "Not found: the online catalogue has no quiz with id \"99\".")
    }
  }

  @Test("quizzes.due lists new quizzes first; quizzes.review schedules by SM-2")
  func study() async throws {
    try await withClient { client in
      try await signIn(client)
      let nothing = try await client.quizzesDue()
      #expect(nothing.quizzes.isEmpty && nothing.total == 0)
      let sort = try await client.quizzesCreate(.init(title: "Quick Sort", facts: ["a", "b"]))
      let enums = try await client.quizzesCreate(.init(title: "Enums", facts: ["c", "d"]))
      let due = try await client.quizzesDue()
      #expect(due.quizzes.map(\.quiz) == [sort, enums])
      #expect(due.quizzes.allSatisfy { $0.review == nil })
      #expect(due.total == 2)
      #expect(try await client.quizzesDue(.init(limit: 1)).quizzes.map(\.quiz.id) == [sort.id])
      #expect(try await client.quizzesDue(.init(limit: 1)).total == 2)

      let good = try await client.quizzesReview(.init(id: sort.id, grade: .good))
      #expect(good.id == sort.id)
      #expect(good.grade == .good)
      #expect(!good.repeatToday)
      #expect(good.review.intervalDays == 1)
      #expect(good.review.ease == 2.5)
      #expect(good.review.repetitions == 1)
      #expect(good.review.reviews == 1)
      #expect(good.review.lapses == 0)
      #expect(!good.review.leech)
      let dueAt = try Date(good.review.dueAt, strategy: .iso8601)
      #expect((dueAt.timeIntervalSinceNow - 86_400).magnitude < 60, "due in one day")

      let left = try await client.quizzesDue()
      #expect(left.quizzes.map(\.quiz.id) == [enums.id])
      #expect(left.total == 1)

      let hard = try await client.quizzesReview(.init(id: enums.id, grade: .hard))
      #expect(hard.repeatToday)
      #expect(hard.review.ease == 2.36)
      let easy = try await client.quizzesReview(.init(id: sort.id, grade: .easy))
      #expect(easy.review.intervalDays == 6)
      #expect(easy.review.ease == 2.6)
      #expect(easy.review.reviews == 2)
      let forgot = try await client.quizzesReview(.init(id: sort.id, grade: .again))
      #expect(forgot.review.lapses == 1)
      #expect(forgot.review.repetitions == 0)
      #expect(forgot.review.intervalDays == 1)
      #expect(forgot.repeatToday)
      #expect(try await client.quizzesDue().total == 0)

      let missing = await error { _ = try await client.quizzesReview(.init(id: 99, grade: .good)) }
      #expect(missing?.reason == "not-found")
      struct BadGrade: Encodable, Sendable {
        var id = 1
        var grade = "meh"
      }
      let meh = await error {
        _ = try await client.call("quizzes.review", BadGrade(), as: QuizzesReview.Result.self)
      }
      #expect(meh?.code == -32602)
      #expect(meh?.field == "grade")
    }
  }

  @Test("profile.get and profile.update: display name and a photo sent as bytes or a path")
  func profile() async throws {
    let png = try #require(Self.png)
    try await withClient { client in
      let nobody = await error { _ = try await client.profileGet() }
      #expect(nobody?.reason == "unauthorized")
      try await signIn(client)
      let fresh = try await client.profileGet()
      #expect(fresh.user.username == "walt")
      #expect(fresh.displayName == nil)
      #expect(fresh.photo == nil)

      let updated = try await client.profileUpdate(
        .init(displayName: .set(" Heisenberg "), photo: .set(.data(png.base64EncodedString()))))
      #expect(updated.displayName == "Heisenberg")
      let photo = try #require(updated.photo)
      #expect(photo.mediaType == "image/png")
      #expect(photo.bytes == png.count)
      #expect(photo.sha256 == "1aa56adabb638a0ec3973c1a8d5b45353f79a7d12d258745743a3d808da2bf8e")
      #expect(photo.path.hasSuffix(".png") && photo.path.contains("/photos/"))
      #expect(try Data(contentsOf: URL(filePath: photo.path)) == png)
      #expect(try await client.profileGet() == updated)

      let removed = try await client.profileUpdate(.init(displayName: .keep, photo: .remove))
      #expect(removed.displayName == "Heisenberg", "a member left out is kept")
      #expect(removed.photo == nil)
      #expect(!FileManager.default.fileExists(atPath: photo.path), "no copy of the old photo")

      let file = FileManager.default.temporaryDirectory.appending(
        path: "bbfan-photo-\(UUID().uuidString).png")
      try png.write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      let fromPath = try await client.profileUpdate(
        .init(displayName: .remove, photo: .set(.path(file.path()))))
      #expect(fromPath.displayName == nil)
      #expect(fromPath.photo?.sha256 == photo.sha256)

      let text = await error {
        let text = Data("not an image".utf8).base64EncodedString()
        _ = try await client.profileUpdate(.init(displayName: .keep, photo: .set(.data(text))))
      }
      #expect(text?.code == -32602)
      #expect(text?.reason == "not-an-image")
      #expect(text?.field == "photo")
      let blank = await error {
        _ = try await client.profileUpdate(.init(displayName: .set("  "), photo: .keep))
      }
      #expect(blank?.field == "displayName")
      let after = try await client.profileGet()
      #expect(after.photo == fromPath.photo, "a failed update changes nothing")
    }
  }

  @Test("auth.accounts lists who signed in here; auth.switch changes the current one")
  func accountsAndSwitch() async throws {
    try await withClient { client in
      #expect(try await client.authAccounts().accounts.isEmpty)
      try await signIn(client, as: "walt")
      try await signIn(client, as: "jesse")
      let accounts = try await client.authAccounts().accounts
      #expect(accounts.map(\.username) == ["walt", "jesse"])
      #expect(accounts.map(\.current) == [false, true])
      #expect(try accounts.allSatisfy { try Date($0.signedInAt, strategy: .iso8601) <= Date() })
      _ = try await client.quizzesCreate(.init(title: "Jesse's", facts: ["a", "b"]))

      let walt = try await client.authSwitch(.init(username: "WALT"))
      #expect(walt.user.username == "walt")
      #expect(try await client.authSession().user?.username == "walt")
      #expect(try await client.authAccounts().accounts.map(\.current) == [true, false])
      #expect(try await client.quizzesList().total == 0, "requests act for the account switched to")

      let gus = await error { _ = try await client.authSwitch(.init(username: "gus")) }
      #expect(gus?.code == -32004)
      #expect(gus?.reason == "not-found")
      let current = try await client.authSession().user
      #expect(current?.username == "walt", "the current account is unchanged")
    }
  }
}
