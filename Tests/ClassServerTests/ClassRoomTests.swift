@testable import ClassServerCore
import ClassWire
import Testing
