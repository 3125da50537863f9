#if canImport(Glibc)
import Glibc
#endif

/// The learner's declarations (LearnerDeclarations.swift), compiled into a module that later lines import.
extension LineCompiler {
    /// The module the declarations are in, loaded into this process, or the compiler's words about the newest line.
    enum DeclarationsBuild: Equatable {
        case loaded(module: String)
        case rejected(String)
    }

    func compileDeclarations(_ source: String) throws -> DeclarationsBuild {
        let key = Self.hash(identity + "\n" + source + "\n" + Self.outputShim)
        // Named like an exercise module, so that the state pane and messages leave the name out.
        let module = "Exercise_" + key
        if loadedExercises[module] != nil { return .loaded(module: module) }
        let base = exerciseDirectory + "/" + module
        try makeDirectory(exerciseDirectory)
        if let diagnostics = Self.read(base + ".err") { return .rejected(diagnostics) }
        if access(base + ".so", R_OK) != 0 || access(base + ".swiftmodule", R_OK) != 0 {
            let shim = exerciseDirectory + "/PlaygroundOutput.swift"
            if Self.read(shim) != Self.outputShim, !Self.write(Self.outputShim, to: shim) {
                throw InternalError("cannot write '\(shim)'")
            }
            let path = base + ".\(getpid()).swift"
            guard Self.write(source, to: path) else { throw InternalError("cannot write '\(path)'") }
            defer { unlink(path) }
            let temporary = base + ".\(getpid()).so"
            let temporaryModule = base + ".\(getpid()).swiftmodule"
            let arguments = [
                swiftc, "-emit-library", "-emit-module", "-enable-testing", "-parse-as-library",
                "-swift-version", "6", "-diagnostic-style", "llvm", "-Onone", "-module-name", module,
                "-I", modules, "-emit-module-path", temporaryModule, "-o", temporary, path, shim,
            ]
            let (status, output) = try runCompiler(arguments)
            guard status == 0 else {
                unlink(temporary)
                unlink(temporaryModule)
                let diagnostics = Self.learnerDiagnostics(output)
                guard !diagnostics.isEmpty else {
                    throw InternalError(
                        "the compiler failed on the declarations:\n"
                            + output.split(separator: "\n").prefix(6).joined(separator: "\n"))
                }
                if Self.isVerdict(output) { _ = Self.write(diagnostics, to: base + ".err") }
                return .rejected(diagnostics)
            }
            rename(temporaryModule, base + ".swiftmodule")
            rename(temporary, base + ".so")
        }
        // Global: lines and later declarations resolve the learner's types from it.
        guard dlopen(base + ".so", RTLD_NOW | RTLD_GLOBAL) != nil else {
            throw InternalError("cannot load the declarations: \(Self.dlerrorText())")
        }
        loadedExercises[module] = ""
        return .loaded(module: module)
    }
}
