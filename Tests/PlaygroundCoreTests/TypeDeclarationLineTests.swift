import Testing

@testable import PlaygroundCore

/// `class` is a command (a live class) and a Swift keyword: a line that declares a type is Swift, the command's
/// lines (a URL, a subcommand) stay the command's.
struct TypeDeclarationLineTests {
    @Test func aTypeDeclarationIsSwift() {
        for line in [
            "class Foo {", "class Foo { var x = 1 }", "class Baz: Foo {}", "class Box<T> {", "struct S {",
            "actor Counter {", "protocol Greeter {", "class Foo:Bar {}",
        ] {
            #expect(CommandReader.isTypeDeclaration(line), "\(line)")
        }
    }

    @Test func theClassCommandsLinesAreNot() {
        for line in [
            "class http://127.0.0.1:7070/ABCDEF token", "class join", "class tries", "class", "class 9 {",
            "classy Foo {", "class Foo",
        ] {
            #expect(!CommandReader.isTypeDeclaration(line), "\(line)")
        }
    }

    @Test func anAssignmentIsSwift() {
        for line in ["step += 1", "follow = 2", "join = \"b\"", "message -= 1", "x <<= 2"] {
            #expect(CommandReader.isAssignment(line), "\(line)")
        }
        for line in ["step", "follow", "x == 2", "meat chicken", "route log to notes", "= 2"] {
            #expect(!CommandReader.isAssignment(line), "\(line)")
        }
        #expect(CommandReader.isTypeDeclaration("class\tFoo {}"))
    }
}
