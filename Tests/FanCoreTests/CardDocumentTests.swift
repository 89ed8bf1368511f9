import FanCore
import Foundation
import TestSupport
import Testing

/// A card with the data's shapes: a long occupation list, a location with ζ.
func card(
  name: String = "Rick Sanchez", image: [UInt8]? = nil, fields: [CardContent.Field]? = nil
) -> CardContent {
  CardContent(
    name: name, caption: "Rick and Morty",
    fields: fields ?? [
      .init(label: "Status", value: "Alive"), .init(label: "Species", value: "Human"),
      .init(label: "Origin", value: "Earth (C-137)"),
      .init(label: "Location", value: "Earth (J19ζ7)"),
    ], image: image)
}

/// The image frame's inside on the page rendered at 72 dpi (one pixel per point).
private let frame = (xs: 22..<230, ys: 36..<174)

@Suite(
  "CardDocument: PDFs checked by qpdf and Poppler",
  .enabled(if: Prerequisite.qpdf.isAvailable && Prerequisite.poppler.isAvailable))
struct CardDocumentToolTests {
  @Test(
    "qpdf finds no error and the image shows in its frame, for each kind of JPEG",
    arguments: ["gray", "rgb", "cmyk", "progressive-gray", "progressive-rgb"])
  func jpeg(kind: String) throws {
    let image = try #require(try CardTools.jpegs.get()[kind])
    let (pdf, warnings) = CardDocument.render(card(image: image))
    #expect(warnings.isEmpty)
    let check = try CardTools.check(pdf)
    #expect(check.status == 0 && !check.output.contains("WARNING"), "\(check.output)")
    #expect(pdf.count < image.count + 4_000)
    let page = try CardTools.render(pdf)
    #expect(page.statistics(xs: frame.xs, ys: frame.ys).variance > 50)
  }

  @Test(
    "qpdf finds no error and the image shows in its frame, for each kind of PNG",
    arguments: [
      "palette.jpg", "palette-2bit.png", "palette-alpha.png", "palette-key.png", "rgb.png",
      "rgb16.png", "gray.png", "gray16-interlaced.png", "gray-alpha.png", "rgba.png",
      "rgb-key.png", "rgb-halves.png", "rgb-halves-interlaced.png",
    ])
  func png(name: String) throws {
    let image = try #require(try CardTools.pngs.get()[name])
    let (pdf, warnings) = CardDocument.render(card(image: image))
    #expect(warnings.isEmpty)
    let check = try CardTools.check(pdf)
    #expect(check.status == 0 && !check.output.contains("WARNING"), "\(check.output)")
    let page = try CardTools.render(pdf)
    #expect(page.statistics(xs: frame.xs, ys: frame.ys).variance > 50)
  }

  @Test(
    "the pixels land where they belong, with PDF's predictors and with bbfan's own decoder",
    arguments: ["rgb-halves.png", "rgb-halves-interlaced.png"])
  func halves(name: String) throws {
    let image = try #require(try CardTools.pngs.get()[name])
    let page = try CardTools.render(CardDocument.render(card(image: image)).bytes)
    // The 64 × 48 image fills the frame's height: 189 × 142 points from (31, 34).
    let left = page.statistics(xs: 40..<110, ys: 50..<160)
    let right = page.statistics(xs: 140..<210, ys: 50..<160)
    #expect(left.mean < 10 && right.mean > 245, "\(left) \(right)")
  }

  @Test("without an image, or with a bad one, a placeholder fills the frame and a warning says so")
  func placeholder() throws {
    for image in [nil, [UInt8]("GIF89a not really".utf8), [0xFF, 0xD8, 0xFF, 0xE0]] {
      let (pdf, warnings) = CardDocument.render(card(image: image))
      #expect(warnings.count == 1)
      #expect(warnings.first?.contains("placeholder") == true)
      let check = try CardTools.check(pdf)
      #expect(check.status == 0 && !check.output.contains("WARNING"), "\(check.output)")
      let page = try CardTools.render(pdf)
      let inside = page.statistics(xs: frame.xs, ys: frame.ys)
      #expect(inside.mean < 200 && inside.variance > 50, "\(inside)")
      // The initials, in white on the fill.
      #expect(try CardTools.text(pdf).contains("RS"))
    }
  }

  @Test(
    "pdftotext reads back the name and every field, the data's non-ASCII letters included",
    arguments: [
      "Rick Sanchez", "Mr. Poopybutthole’s Cousin", "Ángel Álvarez", "Tomás Cantillo",
      "Jesús – the “quoted” one…", "Price: 5 € ‘ok’ — done", "ΑΒΓΔΕΖΗΘ ΙΚΛΜΝΞΟΠ ΡΣΤΥΦΧΨΩ",
      "αβγδεζηθικλμνξοπρςστυφχψω", "Paren (a) back\\slash",
    ])
  func text(name: String) throws {
    let (pdf, warnings) = CardDocument.render(card(name: name))
    #expect(warnings == ["there is no image; a placeholder is drawn"])
    let text = try CardTools.text(pdf)
    // A long word may wrap inside itself; each must come back whole or in order.
    let flat = text.replacingOccurrences(of: "\n", with: "")
    for word in name.split(separator: " ") {
      #expect(flat.contains(word), "\(text)")
    }
    for line in [
      "Rick and Morty", "Status: Alive", "Species: Human", "Origin: Earth (C-137)",
      "Location: Earth (J19ζ7)",
    ] {
      #expect(text.contains(line), "\(text)")
    }
  }

  @Test("a character the standard fonts cannot draw comes out as ? and is reported")
  func undrawable() throws {
    let (pdf, warnings) = CardDocument.render(card(name: "Snow ☃ Man 日"))
    #expect(warnings.contains { $0.contains("U+2603") && $0.contains("?") })
    #expect(warnings.contains { $0.contains("U+65E5") })
    #expect(try CardTools.text(pdf).contains("Snow ? Man ?"))
  }

  @Test("a long name and a long list wrap inside the card, every word kept")
  func wrapping() throws {
    let occupations = (1...14).map { "Occupation number \($0)" }.joined(separator: ", ")
    let name = "Doctor Xenon Bloom the Extraordinarily Long-Named Interdimensional Traveller"
    let (pdf, warnings) = CardDocument.render(
      card(
        name: name,
        fields: [
          .init(label: "Occupations", value: occupations),
          .init(label: "Unbroken", value: String(repeating: "W", count: 80)),
        ]))
    #expect(warnings == ["there is no image; a placeholder is drawn"])
    let words = try words(pdf)
    for word in (name + " " + occupations).split(separator: " ") {
      #expect(words.contains { $0.text.contains(word) }, "\(word)")
    }
    for word in words {
      #expect(word.xMin >= 12 && word.xMax <= 240 && word.yMin >= 10 && word.yMax <= 342, "\(word)")
    }
    // The name took several lines.
    let nameLines = Set(words.filter { name.contains($0.text) && $0.yMin > 170 }.map(\.yMin))
    #expect(nameLines.count >= 3)
  }

  @Test("fields that cannot fit are cut with a visible … and a warning")
  func overflow() throws {
    let fields = (1...40).map { CardContent.Field(label: "Field \($0)", value: "value \($0)") }
    let (pdf, warnings) = CardDocument.render(card(fields: fields))
    #expect(warnings.contains { $0.contains("do not fit") && $0.contains("Field 40") })
    let text = try CardTools.text(pdf)
    #expect(text.contains("…"))
    #expect(!text.contains("value 40"))
    for word in try words(pdf) {
      #expect(word.yMin >= 10, "\(word)")
    }
    let check = try CardTools.check(pdf)
    #expect(check.status == 0 && !check.output.contains("WARNING"), "\(check.output)")
  }

  @Test("a name too long even at the smallest size is cut with … and a warning")
  func longName() throws {
    let name = Array(repeating: "Supercalifragilistic", count: 12).joined(separator: " ")
    let (pdf, warnings) = CardDocument.render(card(name: name))
    #expect(warnings.contains { $0.contains("name is too long") })
    #expect(try CardTools.text(pdf).contains("…"))
  }

  @Test("truncated images draw the placeholder and warn; damaged ones never crash")
  func fuzz() throws {
    let images = try [
      #require(try CardTools.jpegs.get()["rgb"]),
      #require(try CardTools.jpegs.get()["progressive-gray"]),
      #require(try CardTools.pngs.get()["rgb.png"]), #require(try CardTools.pngs.get()["rgba.png"]),
      #require(try CardTools.pngs.get()["gray16-interlaced.png"]),
    ]
    var generator = SeededGenerator(seed: 7)
    for image in images {
      for length in stride(from: 0, to: image.count, by: max(1, image.count / 150)) {
        let warnings = CardDocument.render(card(image: Array(image.prefix(length)))).warnings
        #expect(warnings.contains { $0.contains("placeholder") }, "length \(length)")
      }
      for _ in 0..<150 {
        var damaged = image
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(
            in: 0...255, using: &generator)
        }
        _ = CardDocument.render(card(image: damaged))
      }
    }
    // A damaged JPEG that still has its markers is embedded; the file stays valid.
    var damaged = try #require(try CardTools.jpegs.get()["rgb"])
    damaged[damaged.count / 2] ^= 0x55
    let check = try CardTools.check(CardDocument.render(card(image: damaged)).bytes)
    #expect(check.status == 0, "\(check.output)")
  }

  /// The words pdftotext finds, with their boxes (in points from the top-left corner).
  private func words(_ pdf: [UInt8]) throws -> [Word] {
    let html = try CardTools.text(pdf, arguments: ["-bbox"])
    let pattern =
      /<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)<\/word>/
    return html.matches(of: pattern).compactMap { match in
      guard let xMin = Double(match.1), let yMin = Double(match.2), let xMax = Double(match.3),
        let yMax = Double(match.4)
      else { return nil }
      return Word(
        text: String(match.5).replacingOccurrences(of: "&amp;", with: "&"), xMin: xMin,
        yMin: yMin, xMax: xMax, yMax: yMax)
    }
  }

  private struct Word {
    var text: String
    var xMin: Double
    var yMin: Double
    var xMax: Double
    var yMax: Double
  }
}

@Suite("CardDocument")
struct CardDocumentTests {
  @Test("the same card gives the same bytes")
  func deterministic() throws {
    let image = [UInt8](repeating: 0, count: 10)
    #expect(CardDocument.render(card(image: image)) == CardDocument.render(card(image: image)))
    #expect(CardDocument.render(card()).bytes == CardDocument.render(card()).bytes)
  }

  @Test("every cross-reference entry points at its object, and startxref at the table")
  func crossReference() throws {
    let pdf = CardDocument.render(card()).bytes
    let text = String(decoding: pdf, as: UTF8.self)
    let tail = try #require(text.range(of: "startxref\n", options: .backwards))
    let offset = try #require(Int(text[tail.upperBound...].prefix { $0.isNumber }))
    let table = Array(pdf[offset...])
    #expect(table.starts(with: Array("xref\n0 ".utf8)))
    let lines = String(decoding: table, as: UTF8.self).components(separatedBy: "\r\n")
    let header = lines[0].split(separator: "\n")
    let count = try #require(Int(header[1].split(separator: " ")[1]))
    #expect(header.last == "0000000000 65535 f")
    for number in 1..<count {
      let entry = lines[number]
      #expect(entry.count == 18 && entry.hasSuffix(" 00000 n"))
      let position = try #require(Int(entry.prefix(10)))
      #expect(pdf[position...].starts(with: Array("\(number) 0 obj\n".utf8)), "object \(number)")
    }
    #expect(text.hasSuffix("%%EOF\n"))
    #expect(!text.contains("CreationDate"))
  }
}

@Suite(
  "CardDocument: the project's data",
  .enabled(
    if: Prerequisite.python3.isAvailable && Prerequisite.qpdf.isAvailable
      && Prerequisite.poppler.isAvailable))
struct CardDocumentDataTests {
  /// Every distinct string in `Data/*/*.json`.
  private func strings() throws -> [String] {
    let script = """
      import glob, json, sys
      found = set()
      def walk(value):
          if isinstance(value, str): found.add(value)
          elif isinstance(value, list): [walk(v) for v in value]
          elif isinstance(value, dict): [walk(v) for v in value.values()]
      for path in glob.glob(sys.argv[1] + "/Data/*/*.json"):
          walk(json.load(open(path, encoding="utf-8")))
      print(json.dumps(sorted(found)))
      """
    let result = try Subprocess.run(["python3", "-c", script, BuiltProducts.repository.path()])
    try #require(result.status == 0, "\(result.output)")
    return try JSONDecoder().decode([String].self, from: Data(result.output.utf8))
  }

  @Test("every string in the data can be drawn, and pdftotext reads the non-ASCII ones back")
  func everyString() throws {
    let strings = try strings()
    #expect(strings.count > 1_000)
    for start in stride(from: 0, to: strings.count, by: 25) {
      let chunk = strings[start..<min(start + 25, strings.count)]
      let fields = chunk.map { CardContent.Field(label: "F", value: $0) }
      let warnings = CardDocument.render(card(fields: Array(fields))).warnings
      #expect(!warnings.contains { $0.contains("cannot be drawn with") }, "\(warnings)")
    }
    let nonASCII = strings.filter { !$0.unicodeScalars.allSatisfy(\.isASCII) && $0.count < 60 }
    #expect(nonASCII.contains("Earth (J19ζ7)"))
    for text in nonASCII {
      let pdf = CardDocument.render(card(name: text, fields: [.init(label: "Value", value: text)]))
        .bytes
      let read = try CardTools.text(pdf).replacingOccurrences(of: "\n", with: " ")
      for word in text.split(separator: " ") {
        #expect(read.contains(word), "\(text) → \(read)")
      }
    }
  }
}
