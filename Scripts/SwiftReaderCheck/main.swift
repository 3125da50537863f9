import SwiftParser
import SwiftSyntax

// The differential check of the playground's reader of Swift (Sources/PlaygroundCore/SwiftReader) against the parser
// the toolchain ships (SwiftParser, from the toolchain's host libraries). Built and run by Scripts/swift-reader-check.
//
// Standard input: cases, each `label` 0x1F `text` and a 0x00. For each case both split the text into its top-level
// items (a declaration, a statement or an expression, with a declaration's keyword) and their extents (UTF-8 offsets,
// trivia and `;` left out); the case agrees when both lists are the same.
#if canImport(Glibc)
import Glibc
#endif

struct Found: Equatable, CustomStringConvertible {
    var kind: String
    var keyword: String
    var start: Int
    var end: Int
    var description: String { "\(kind)\(keyword.isEmpty ? "" : " " + keyword) \(start)..<\(end)" }
}

func parsed(_ text: String) -> (items: [Found], valid: Bool) {
    let tree = Parser.parse(source: text)
    var items: [Found] = []
    for block in tree.statements {
        let node = block.item
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        switch node {
        case .decl(let decl):
            // The keyword: the first token after the attributes and modifiers.
            var keyword = ""
            for child in decl.children(viewMode: .sourceAccurate) {
                if child.is(AttributeListSyntax.self) || child.is(DeclModifierListSyntax.self) { continue }
                if let token = child.firstToken(viewMode: .sourceAccurate) {
                    keyword = token.text
                    break
                }
            }
            // `infix operator …`: the fixity is no modifier to the parser, but the reader's keyword is `operator`.
            if let operatorDecl = decl.as(OperatorDeclSyntax.self) { keyword = operatorDecl.operatorKeyword.text }
            // Code the parser expected no item at (a bracket closed once too often) is "unexpected code".
            let stray = decl.is(MissingDeclSyntax.self) || decl.kind == .unexpectedCodeDecl
            items.append(
                Found(kind: stray ? "stray" : "declaration", keyword: stray ? "" : keyword, start: start, end: end))
        case .stmt(let stmt):
            var keyword = stmt.firstToken(viewMode: .sourceAccurate)?.text ?? ""
            if let labeled = stmt.as(LabeledStmtSyntax.self) {
                keyword = labeled.statement.firstToken(viewMode: .sourceAccurate)?.text ?? ""
            }
            items.append(Found(kind: "statement", keyword: keyword, start: start, end: end))
        case .expr:
            items.append(Found(kind: "expression", keyword: "", start: start, end: end))
        @unknown default:
            items.append(Found(kind: "unknown", keyword: "", start: start, end: end))
        }
    }
    return (items, !tree.hasError)
}

func read(_ text: String) -> [Found] {
    let reader = SwiftReader(text)
    return reader.items.map { item in
        let kind: String
        switch item.kind {
        case .declaration: kind = "declaration"
        case .statement: kind = "statement"
        case .expression: kind = "expression"
        case .stray: kind = "stray"
        }
        return Found(kind: kind, keyword: item.keyword ?? "", start: item.start, end: item.end)
    }
}

var input: [UInt8] = []
while let line = readLine(strippingNewline: false) { input += Array(line.utf8) }
var agreed = 0, total = 0, validAgreed = 0, validTotal = 0
var disagreements: [String] = []
for chunk in input.split(separator: 0, omittingEmptySubsequences: true) {
    let parts = chunk.split(separator: 0x1F, maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { continue }
    let label = String(decoding: parts[0], as: UTF8.self)
    let text = String(decoding: parts[1], as: UTF8.self)
    let (theirs, valid) = parsed(text)
    let ours = read(text)
    total += 1
    if valid { validTotal += 1 }
    if theirs == ours {
        agreed += 1
        if valid { validAgreed += 1 }
    } else {
        let what = valid ? "" : " (invalid Swift)"
        disagreements.append("\(label)\(what): \(text.debugDescription)\n  parser: \(theirs)\n  reader: \(ours)")
    }
}
for line in disagreements { print(line) }
print("swift-reader-check: \(agreed)/\(total) agree (valid Swift: \(validAgreed)/\(validTotal))")
if agreed != total { exit(1) }
