import FanCore
import Testing

@Suite("SM-2 study scheduling")
struct StudyTests {
  let day = SM2Scheduler.dayMilliseconds

  @Test(
    "the E-Factor changes by the published amounts for qualities 5 to 0",
    arguments: [(5, 10), (4, 0), (3, -14), (2, -32), (1, -54), (0, -80)])
  func easeChanges(quality: Int, hundredths: Int) {
    #expect(SM2Scheduler.easeChange(quality: quality) == hundredths)
  }

  @Test("intervals are 1, 6, then the last times the E-Factor rounded up")
  func intervals() {
    var state = ReviewState.new
    var intervals: [Int] = []
    var eases: [Int] = []
    for _ in 0..<5 {
      state = SM2Scheduler.review(state, grade: .good, at: 0).state
      intervals.append(state.intervalDays)
      eases.append(state.easeHundredths)
    }
    // Quality 4 leaves EF at 2.5: 1, 6, 15, 37.5 → 38, 95.
    #expect(intervals == [1, 6, 15, 38, 95])
    #expect(eases == [250, 250, 250, 250, 250])
    state = ReviewState.new
    intervals = []
    for _ in 0..<4 {
      state = SM2Scheduler.review(state, grade: .easy, at: 0).state
      intervals.append(state.intervalDays)
    }
    // Quality 5: EF 2.6, 2.7, 2.8 after each; I(3) = 6 × 2.7 = 16.2 → 17, I(4) = 17 × 2.8 = 47.6
    // → 48 (each interval uses the E-Factor before its review).
    #expect(intervals == [1, 6, 17, 48])
    #expect(state.easeHundredths == 290)
  }

  @Test("hard lowers the E-Factor by 0.14 down to 1.3 and no further")
  func floor() {
    var state = ReviewState.new
    var eases: [Int] = []
    for _ in 0..<10 {
      state = SM2Scheduler.review(state, grade: .hard, at: 0).state
      eases.append(state.easeHundredths)
    }
    #expect(eases == [236, 222, 208, 194, 180, 166, 152, 138, 130, 130])
  }

  @Test("again starts over at 1 day without changing the E-Factor, and counts a lapse once learned")
  func lapses() {
    var state = ReviewState.new
    state = SM2Scheduler.review(state, grade: .again, at: 0).state
    #expect(state.lapses == 0, "never recalled yet: not a lapse")
    #expect(state.intervalDays == 1 && state.repetitions == 0 && state.easeHundredths == 250)
    state = SM2Scheduler.review(state, grade: .easy, at: 0).state
    state = SM2Scheduler.review(state, grade: .easy, at: 0).state
    #expect(state.intervalDays == 6 && state.easeHundredths == 270)
    let (after, entry) = SM2Scheduler.review(state, grade: .again, at: 1_000)
    #expect(after.intervalDays == 1 && after.repetitions == 0 && after.easeHundredths == 270)
    #expect(after.lapses == 1)
    #expect(after.dueAt == 1_000 + day)
    #expect(entry.previousIntervalDays == 6 && entry.intervalDays == 1 && entry.repeatToday)
  }

  @Test("the eighth lapse makes a leech, as Anki's default threshold")
  func leech() {
    var state = ReviewState.new
    for lapse in 1...8 {
      state = SM2Scheduler.review(state, grade: .good, at: 0).state
      state = SM2Scheduler.review(state, grade: .again, at: 0).state
      #expect(state.lapses == lapse)
      #expect(state.isLeech == (lapse >= 8))
    }
  }

  @Test("a new quiz is due at once; a reviewed one at now plus its interval")
  func due() {
    #expect(ReviewState.new.isDue(at: 0))
    let (state, entry) = SM2Scheduler.review(.new, grade: .good, at: 5_000)
    #expect(state.dueAt == 5_000 + day)
    #expect(entry.dueAt == state.dueAt)
    #expect(!state.isDue(at: 5_000 + day - 1))
    #expect(state.isDue(at: 5_000 + day))
  }
}
