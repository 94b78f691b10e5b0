import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const root = join(__dirname, "..", "..");
const ADAPTER_PEERS = ["ai", "@openai/agents", "@langchain/core", "@opentelemetry/api"];
// Static `import ... from "x"` / `export ... from "x"` and dynamic `import("x")`.
const SPECIFIERS = /(?:from\s+|import\s*\(\s*)["']([^"']+)["']/g;

/** Returns every bare package specifier the module graph of `entry` imports, following relative imports. */
function packagesImportedBy(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIERS)) {
      if (!specifier!.startsWith(".")) {
        packages.add(specifier!);
        continue;
      }
      const target = resolve(dirname(file), specifier!).replace(/\.js$/, ".ts");
      visit(existsSync(target) ? target : join(target.replace(/\.ts$/, ""), "index.ts"));
    }
  };
  visit(entry);
  return packages;
}

const isPeer = (specifier: string) =>
  ADAPTER_PEERS.some((peer) => specifier === peer || specifier.startsWith(`${peer}/`));

describe("entry points", () => {
  it("never lets the main entry import an adapter's framework when the app imports toolwright", () => {
    const imported = packagesImportedBy(join(root, "src", "index.ts"));
    expect(imported.size).toBeGreaterThan(0);
    expect([...imported].filter(isPeer)).toEqual([]);
  });

  it("loads each framework only from its own subpath entry when the app imports that entry", () => {
    const peersOf = (name: string) =>
      [...packagesImportedBy(join(root, "src", "adapters", name, "index.ts"))].filter(isPeer).sort();
    expect(peersOf("ai-sdk")).toEqual(["ai"]);
    expect(peersOf("openai-agents")).toEqual(["@openai/agents"]);
    expect(peersOf("langchain")).toEqual(["@langchain/core/messages", "@langchain/core/tools"]);
    expect(peersOf("otel")).toEqual(["@opentelemetry/api"]);
  });
});
