import Foundation
import PlaygroundTestSupport
import Testing

/// The false passes a learner would try on the strategy and factory-method code exercises, each written by an
/// "editor" and checked by the real binary and the real compiler: each fails `check`; the reference solutions pass
/// (`theReferenceSolutionWrittenInTheEditorMeetsTheGoal` walks every lesson).
extension CodeExerciseTests {
    /// A `PriceTag` file: the starter's properties, initializer and `use(_:)`, then the learner's `refresh()` body.
    static func priceTag(refresh: String) -> String {
        """
        import Patterns
        final class PriceTag {
            let price: Int
            private(set) var pricing: PricingPolicy
            private(set) var text = ""
            init(price: Int, pricing: PricingPolicy) { self.price = price; self.pricing = pricing; refresh() }
            func use(_ pricing: PricingPolicy) { self.pricing = pricing; refresh() }
            func refresh() {
                \(refresh)
            }
        }
        """
    }

    /// A price tag whose text is right and which never asks its policy: it works the discount out itself by the
    /// policy's type (the `switch` the pattern replaces). The goal names the tag's calls on the policies.
    @Test func aPriceTagThatWorksTheDiscountOutItselfNeverAskedThePolicy() throws {
        let file = Self.priceTag(
            refresh: """
                var now = price
                    if let sale = pricing as? SalePricing { now = price - price * sale.percent / 100 }
                    if let coupon = pricing as? CouponPricing, price >= coupon.minimum { now = price - coupon.off }
                    text = now < price ? "$\\(now) (was $\\(price))" : "$\\(price)"
                """)
        let (shown, output) = try playground.codeStep("strategy", file: file, lines: 3)
        #expect(
            shown == """
                ✗ not yet: 2 of 3 goal fields differ
                  trace.has  expected tag -> sale.total(for: 40), actual no such call
                  trace.has  expected tag -> coupon.total(for: 40), actual no such call
                """, "\(output)")
    }

    /// A file that asks the right objects and writes the step's answers in meets the step's own run and fails the
    /// hidden one: a tag for another price under a policy the file cannot name; a watch screen given other titles.
    @Test(arguments: [
        (
            "strategy",
            priceTag(refresh: "let now = pricing.total(for: price); text = now == price ? \"$40\" : \"$30 (was $40)\"")
        ),
        (
            "factory-method",
            """
            import Patterns
            final class WatchCell: SettingsCell {
                private(set) var text = ""
                func configure(with title: String) { text = title == "Bluetooth" ? "Blueto…" : title }
            }
            final class WatchSettingsScreen: SettingsScreen {
                override func makeCell() -> SettingsCell { WatchCell() }
            }
            """
        ),
    ])
    func aFileThatWritesTheNewLessonsAnswerInFailsTheHiddenRun(lesson: String, file: String) throws {
        let (shown, output) = try playground.codeStep(lesson, file: file, lines: 10)
        let paragraph = { (text: String) in text.split(whereSeparator: \.isNewline).joined(separator: " ") }
        #expect(
            paragraph(shown).hasPrefix(
                paragraph(Self.hiddenRunFails.replacingOccurrences(of: "{n}", with: "3"))), "\(output)")
    }

    /// A watch screen that never overrides the factory method: `addRow` makes the phone's list cells, so the learner's
    /// watch cell is never made and the second title is not cut.
    @Test func aWatchScreenWithoutItsFactoryMethodShowsListCells() throws {
        let file = """
            import Patterns
            final class WatchCell: SettingsCell {
                private(set) var text = ""
                func configure(with title: String) { text = title.count > 6 ? String(title.prefix(6)) + "…" : title }
            }
            final class WatchSettingsScreen: SettingsScreen {}
            """
        let (shown, output) = try playground.codeStep("factory-method", file: file, lines: 2)
        #expect(
            shown == """
                ✗ not yet: 1 of 3 goal fields differ
                  watch.rows  expected ["Wi-Fi", "Blueto…"], actual ["Wi-Fi", "Bluetooth"]
                """, "\(output)")
    }
}
