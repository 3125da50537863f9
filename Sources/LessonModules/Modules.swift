import PlaygroundCore

/// Every lesson module, by the name a lesson's front matter gives.
public enum LessonModules {
    public static let all: [ModuleFactory] = [
        BuilderModule.factory,
        DirectorModule.factory,
        DelegateModule.factory,
        MediatorModule.factory,
        ObserverModule.factory,
        StrategyModule.factory,
        CommandModule.factory,
        StateModule.factory,
        FactoryMethodModule.factory,
        DecoratorModule.factory,
    ]
    public static var names: Set<String> { Set(all.map(\.name)) }
}
