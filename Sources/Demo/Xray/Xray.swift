enum Xray { @MainActor static func main(_ arguments: [String]) -> Int32 { 0 } }
