import LockgameEngine
import Testing

@Suite("FontLocator")
struct FontLocatorTests {
    @Test func theLocatorFindsDejaVuSansMonoByDefault() throws {
        let match = try FontLocator().locate()
        #expect(match.isExactFamily)
        #expect(match.family == "DejaVu Sans Mono")
        #expect(match.path.hasPrefix("/"))
        #expect(match.path.lowercased().hasSuffix(".ttf") || match.path.lowercased().hasSuffix(".otf"))
    }

    @Test func aMissingFamilyFallsBackToTheNextRequestedFamily() throws {
        let match = try FontLocator().locate(
            families: ["Lockgame No Such Family 9F3A", "DejaVu Sans"], allowSubstitute: false)
        #expect(match.family == "DejaVu Sans")
        #expect(match.requestedFamily == "DejaVu Sans")
        #expect(match.isExactFamily)
    }

    @Test func pathForAMissingFamilyFallsBackToTheDefaults() throws {
        let path = try FontLocator().path(forFamily: "Lockgame No Such Family 9F3A")
        #expect(path.contains("DejaVu"))
    }

    @Test func onlyMissingFamiliesWithoutSubstitutesGiveAnErrorNamingThem() {
        let families = ["Lockgame No Such Family 9F3A", "Another Missing Face 77"]
        do {
            let match = try FontLocator().locate(families: families, allowSubstitute: false)
            Issue.record("expected TextError, got \(match)")
        } catch {
            #expect(error == .fontNotFound(families: families))
            #expect(error.description.contains("Lockgame No Such Family 9F3A"))
            #expect(error.description.contains("Another Missing Face 77"))
        }
    }

    @Test func aSubstituteIsAnExistingScalableFontFileWhenAllowed() throws {
        let match = try FontLocator().locate(families: ["Lockgame No Such Family 9F3A"], allowSubstitute: true)
        #expect(!match.isExactFamily)
        let face = try FontFace(path: match.path, pixelSize: 14)
        #expect(face.lineHeight > 0)
        #expect(face.isScalable)
    }
}
