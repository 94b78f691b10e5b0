import { join } from "node:path";
import ts from "typescript";

const root = join(__dirname, "..", "..");

// The options of a NestJS project: legacy decorators with design metadata, "toolwright" resolved to this checkout.
const legacyOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts", "lib.esnext.decorators.d.ts"],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: ["node"],
  paths: { toolwright: [join(root, "src/index.ts")] },
};

const header = `import { BaseAgent, builtinTool, p, tool } from "toolwright";\n`;

// Type-checks one in-memory module with the legacy options and returns its diagnostics' codes and messages.
function diagnose(body: string): { codes: number[]; text: string } {
  const file = join(root, "tests/types/__legacy-snippet.ts");
  const host = ts.createCompilerHost(legacyOptions);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === file ? header + body : readFile(name));
  host.fileExists = (name) => name === file || ts.sys.fileExists(name);
  host.getSourceFile = (name, version, ...rest) =>
    name === file
      ? ts.createSourceFile(name, header + body, ts.ScriptTarget.ES2022, true)
      : getSourceFile(name, version, ...rest);
  const program = ts.createProgram([file], legacyOptions, host);
  const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => d.file?.fileName === file);
  return {
    codes: diagnostics.map((d) => d.code),
    text: diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("\n"),
  };
}

describe("decorator types under experimentalDecorators", () => {
  it("compile @tool and @builtinTool with no cast and no TS1241 when the method matches", () => {
    const { text } = diagnose(`
      export class Files extends BaseAgent {
        @tool({ description: "Search", params: { pattern: p.string(), limit: p.integer().default(5) } })
        search({ pattern, limit }: { pattern: string; limit: number }) { return pattern + limit; }

        @builtinTool({ description: "Delete a file" })
        remove(path: string, force: boolean = false) { return path + force; }
      }
    `);
    expect(text).toBe("");
  }, 120_000);

  it("reject a @tool method whose argument type disagrees with its params", () => {
    const { codes, text } = diagnose(`
      export class Files extends BaseAgent {
        @tool({ description: "Search", params: { pattern: p.string() } })
        search({ pattern }: { pattern: number }) { return pattern; }
      }
    `);
    expect(codes).toEqual([1241]);
    expect(text).toMatch(/Type 'string' is not assignable to type 'number'/);
  }, 120_000);

  it("check a method's result against returns, accepting a match and rejecting a mismatch", () => {
    const { codes, text } = diagnose(`
      export class Weather extends BaseAgent {
        @tool({ description: "Forecast", params: { city: p.string() }, returns: { celsius: p.number() } })
        async forecast({ city }: { city: string }) { return { celsius: city.length }; }

        @builtinTool({ description: "Count", params: { text: p.string() }, returns: p.integer() })
        count(text: string) { return text; }
      }
    `);
    expect(codes).toEqual([1241]);
    expect(text).toMatch(/Type 'string' is not assignable to type 'Returned<number>'/);
  }, 120_000);
});
