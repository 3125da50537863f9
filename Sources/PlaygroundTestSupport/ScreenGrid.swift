import PlaygroundCore

/// A small terminal emulator for tests: it plays what a program wrote to its terminal into a grid of cells and gives
/// back the screen as text, the way a person would see it. It knows what the playground and libedit send: printable
/// text (wide characters take two cells), CR, LF, BS, TAB, cursor positioning and movement (CSI H, f, A, B, C, D, G,
/// d), erasing (CSI J, K, X, P, @), the alternate screen (CSI ?1049 h/l, which saves and restores the main screen),
/// scrolling at the bottom, and it ignores colours, modes and OSC strings.
public struct ScreenGrid {
    public let columns: Int
    public let rows: Int
    var cells: [[String]]
    var row = 0, column = 0
    var saved: (cells: [[String]], row: Int, column: Int)?

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The screen, one line per row, trailing spaces removed.
    public var text: String {
        cells.map { line -> String in
            var s = line.joined()
            while s.last == " " { s.removeLast() }
            return s
        }.joined(separator: "\n")
    }

    public mutating func play(_ output: String) {
        var scalars = Array(output.unicodeScalars)[...]
        var pending = ""  // the characters of one grapheme, gathered from scalars
        func flushText() {
            for character in pending { put(character) }
            pending = ""
        }
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            switch scalar.value {
            case 0x1B:
                flushText()
                guard let next = scalars.first else { return }
                scalars = scalars.dropFirst()
                if next == "[" {
                    var parameters = ""
                    while let c = scalars.first, !(0x40...0x7E).contains(c.value) {
                        parameters.unicodeScalars.append(c); scalars = scalars.dropFirst()
                    }
                    guard let final = scalars.first else { return }
                    scalars = scalars.dropFirst()
                    control(Character(final), parameters)
                } else if next == "(" || next == ")" {
                    // A character set chosen: this grid draws ASCII only.
                    scalars = scalars.dropFirst()
                } else if next == "]" {
                    // OSC: up to BEL or ESC \.
                    while let c = scalars.first {
                        scalars = scalars.dropFirst(); if c.value == 0x07 { break };
                        if c.value == 0x1B { scalars = scalars.dropFirst(); break }
                    }
                }
            case 0x0D: flushText(); column = 0
            case 0x0A: flushText(); lineFeed()
            case 0x08: flushText(); column = max(0, column - 1)
            case 0x09: flushText(); column = min(columns - 1, (column / 8 + 1) * 8)
            case 0x07, 0x00, 0x0E, 0x0F: flushText()
            default:
                pending.unicodeScalars.append(scalar)
            }
        }
        flushText()
    }

    mutating func put(_ character: Character) {
        let width = DisplayWidth.of(character)
        if width == 0 {
            if column > 0 { cells[row][column - 1] += String(character) }
            return
        }
        if column + width > columns { column = 0; lineFeed() }
        cells[row][column] = String(character)
        if width == 2, column + 1 < columns { cells[row][column + 1] = "" }
        column += width
    }

    mutating func lineFeed() {
        if row == rows - 1 {
            cells.removeFirst()
            cells.append(Array(repeating: " ", count: columns))
        } else {
            row += 1
        }
    }

    mutating func control(_ final: Character, _ parameters: String) {
        let private_ = parameters.hasPrefix("?")
        let numbers = parameters.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false).map {
            Int($0)
        }
        func n(_ index: Int, _ otherwise: Int) -> Int {
            index < numbers.count ? (numbers[index] ?? otherwise) : otherwise
        }
        switch final {
        case "H", "f": row = min(rows - 1, max(0, n(0, 1) - 1)); column = min(columns - 1, max(0, n(1, 1) - 1))
        case "A": row = max(0, row - max(1, n(0, 1)))
        case "B": row = min(rows - 1, row + max(1, n(0, 1)))
        case "C": column = min(columns - 1, column + max(1, n(0, 1)))
        case "D": column = max(0, column - max(1, n(0, 1)))
        case "G": column = min(columns - 1, max(0, n(0, 1) - 1))
        case "d": row = min(rows - 1, max(0, n(0, 1) - 1))
        case "J":
            switch n(0, 0) {
            case 0:
                for c in column..<columns { cells[row][c] = " " }
                for r in (row + 1)..<rows { cells[r] = Array(repeating: " ", count: columns) }
            case 1:
                for r in 0..<row { cells[r] = Array(repeating: " ", count: columns) }
                for c in 0...min(column, columns - 1) { cells[row][c] = " " }
            default:
                cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
            }
        case "K":
            switch n(0, 0) {
            case 0: for c in column..<columns { cells[row][c] = " " }
            case 1: for c in 0...min(column, columns - 1) { cells[row][c] = " " }
            default: cells[row] = Array(repeating: " ", count: columns)
            }
        case "X": for c in column..<min(columns, column + max(1, n(0, 1))) { cells[row][c] = " " }
        case "P":
            let count = min(max(1, n(0, 1)), columns - column)
            cells[row].removeSubrange(column..<(column + count))
            cells[row] += Array(repeating: " ", count: count)
        case "@":
            let count = min(max(1, n(0, 1)), columns - column)
            cells[row].insert(contentsOf: Array(repeating: " ", count: count), at: column)
            cells[row].removeLast(count)
        case "h" where private_ && n(0, 0) == 1049:
            saved = (cells, row, column)
            cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        case "l" where private_ && n(0, 0) == 1049:
            if let saved { (cells, row, column) = saved }
            saved = nil
        default:
            break  // colours (m), other modes, cursor shape
        }
    }
}
