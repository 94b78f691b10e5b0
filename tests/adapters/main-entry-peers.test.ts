import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";

const root = join(__dirname, "..", "..");
const ADAPTER_PEERS = ["ai", "@openai/agents", "@langchain/core", "@opentelemetry/api"];

/** The module specifiers a file imports: static imports and re-exports and dynamic `import("x")`, never comments. */
function specifiersOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.map((entry) => entry.fileName);
}

/** Returns every bare package specifier the module graph of `entry` imports, following relative imports. */
function packagesImportedBy(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of specifiersOf(file)) {
      if (!specifier.startsWith(".")) {
        packages.add(specifier);
        continue;
      }
      const source = resolve(dirname(file), specifier);
      const target = source.replace(/\.c?js$/, (ext) => (ext === ".cjs" ? ".cts" : ".ts"));
      // A plain JavaScript module of src/ (schema/ajv-family.cjs) is read as it is.
      const found = existsSync(target) ? target : existsSync(source) ? source : undefined;
      visit(found ?? join(target.replace(/\.ts$/, ""), "index.ts"));
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
