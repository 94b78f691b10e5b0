import { join } from "node:path";
import ts from "typescript";

// Issue 34: under tsc, a misspelt `@tool` option gave TS1241 / TS2769 ("No overload matches this call") without the
// key's name. `@tool` now has one signature over one object type, so the excess-property check names the key and the
// closest known one, as it does for BaseTool's, the agent's and callTool's options. The snippet is compiled in memory
// with the project's options (a file on disk would fail `npm run typecheck` on purpose).
const root = join(__dirname, "..", "..");
const virtual = join(root, "tests", "types", "__misspelt-options__.ts");
const snippet = `import { BaseAgent, BaseTool, p, tool } from "toolwright";
export class Files extends BaseAgent {
  @tool({ description: "Delete a file", params: { path: p.string() }, requireApproval: true })
  remove({ path }: { path: string }) { return path; }
  @tool({ description: "Wait", timeout: 1000 })
  wait() { return 1; }
}
export class Lookup extends BaseTool {
  constructor() { super({ description: "Look up", readonly: true }); }
  run() { return 1; }
}
new Files({ regsitry: undefined });
`;

function diagnostics(): string[] {
  const configPath = join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const options = { ...ts.parseJsonConfigFileContent(config.config, ts.sys, root, undefined, configPath).options };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => file === virtual || fileExists.call(host, file);
  host.readFile = (file) => (file === virtual ? snippet : readFile.call(host, file));
  host.getSourceFile = (file, language, ...rest) =>
    file === virtual
      ? ts.createSourceFile(file, snippet, language, true)
      : getSourceFile.call(host, file, language, ...rest);
  const program = ts.createProgram([virtual], { ...options, noEmit: true }, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName === virtual)
    .map((d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

describe("issue 34: tsc names a misspelt option", () => {
  it("names the key and the closest option for @tool, BaseTool and the agent's options", () => {
    const found = diagnostics();
    expect(found).toEqual([
      expect.stringMatching(
        /^TS2561: .*'requireApproval' does not exist .* Did you mean to write 'requiresApproval'\?$/,
      ),
      expect.stringMatching(/^TS2561: .*'timeout' does not exist .* Did you mean to write 'timeoutMs'\?$/),
      expect.stringMatching(/^TS2561: .*'readonly' does not exist .* Did you mean to write 'readOnly'\?$/),
      expect.stringMatching(/^TS2561: .*'regsitry' does not exist .* Did you mean to write 'registry'\?$/),
    ]);
  }, 120_000);
});
