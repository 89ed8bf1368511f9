/// A character's collectible card as a one-page PDF file.
///
/// The page is trading-card shaped (2.5 × 3.5 in): a border, the caption, the image in a frame,
/// the name in bold, then the fields as "Label: value" lines. Text is set in the standard
/// Helvetica fonts (WinAnsiEncoding) and Symbol (Greek letters), measured with their real
/// widths, so nothing runs off the card; nothing comes from the clock, so the same card gives
/// the same bytes.
package enum CardDocument {
  /// The card as a PDF file, and warnings about what is not drawn as given.
  ///
  /// The warnings say, for instance, that the image is damaged so a placeholder is drawn, or
  /// that characters cannot be drawn. Never throws for a bad or missing image: it draws a placeholder (a filled frame with the
  /// name's initials) and warns.
  package static func render(_ card: CardContent) -> (bytes: [UInt8], warnings: [String]) {
    var layout = CardLayout()
    var warnings: [String] = []
    var image: CardImage?
    if let bytes = card.image {
      do {
        image = try CardImage.read(bytes)
      } catch {
        warnings.append("the image cannot be drawn (\(error.message)); a placeholder is drawn")
      }
    } else {
      warnings.append("there is no image; a placeholder is drawn")
    }
    warnings += image?.warnings ?? []
    layout.drawFrame()
    layout.drawCaption(card.caption)
    if let image {
      layout.drawImage(width: image.width, height: image.height)
    } else {
      layout.drawPlaceholder(name: card.name)
    }
    layout.drawName(card.name)
    layout.drawFields(card.fields)
    warnings += layout.warnings
    warnings += layout.undrawable.map(describe)
    return (document(content: layout.content, image: image, title: card.name), warnings)
  }

  /// The page's size in points: 2.5 × 3.5 inches.
  static let pageSize = (width: 252.0, height: 352.0)

  /// The warning for a character that the standard fonts cannot draw.
  private static func describe(_ character: Character) -> String {
    let codes = character.unicodeScalars.map { scalar in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    let shown = character.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control }
    let name = (shown ? "“\(character)” " : "") + "(" + codes.joined(separator: " ") + ")"
    return "the character \(name) cannot be drawn with the PDF's standard fonts; it is drawn as ?"
  }

  /// The PDF file: catalog, page tree, page, content, fonts, image and its mask, information.
  private static func document(content: String, image: CardImage?, title: String) -> [UInt8] {
    var writer = PDFWriter()
    let catalog = writer.reserve()
    let pages = writer.reserve()
    let page = writer.reserve()
    writer.write(catalog, "<< /Type /Catalog /Pages \(pages) 0 R >>")
    writer.write(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
    let toUnicode = writer.add(dictionary: "", stream: Array(TextEncoder.symbolToUnicode.utf8))
    let fonts = CardFont.allCases.map { font in
      "/\(font.resourceName) \(writer.add(font.dictionary(toUnicode: toUnicode))) 0 R"
    }
    var resources = "/Font << \(fonts.joined(separator: " ")) >>"
    if let image {
      var entries = "/Type /XObject /Subtype /Image /Width \(image.width) /Height \(image.height) "
      entries += image.entries
      if let softMask = image.softMask {
        let mask = writer.add(
          dictionary: "/Type /XObject /Subtype /Image /Width \(image.width) /Height "
            + "\(image.height) /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode",
          stream: softMask)
        entries += " /SMask \(mask) 0 R"
      }
      resources += " /XObject << /Im1 \(writer.add(dictionary: entries, stream: image.data)) 0 R >>"
    }
    let contents = writer.add(dictionary: "", stream: Array(content.utf8))
    writer.write(
      page,
      "<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 \(Int(pageSize.width)) "
        + "\(Int(pageSize.height))] /Resources << \(resources) >> /Contents \(contents) 0 R >>")
    let info = writer.add("<< /Title \(textString(title)) /Producer (bbfan) >>")
    return writer.finished(root: catalog, info: info)
  }

  /// `text` as a PDF text string: UTF-16BE with a byte-order mark, in hexadecimal.
  private static func textString(_ text: String) -> String {
    let hex = ([0xFEFF] + Array(text.utf16)).map { unit in
      let digits = String(unit, radix: 16, uppercase: true)
      return String(repeating: "0", count: 4 - digits.count) + digits
    }
    return "<" + hex.joined() + ">"
  }
}
