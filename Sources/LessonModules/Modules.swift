import PlaygroundCore

/// Every lesson module, by the name a lesson's front matter gives.
public enum LessonModules {
    public static let all: [ModuleFactory] = [
        BuilderModule.factory,
        DirectorModule.factory,
        DelegateModule.factory,
        MediatorModule.factory,
        ObserverModule.factory,
        CommandModule.factory,
        StateModule.factory,
        DecoratorModule.factory,
    ]
    public static var names: Set<String> { Set(all.map(\.name)) }
}
