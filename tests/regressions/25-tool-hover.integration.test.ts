import { join, resolve } from "node:path";
import ts from "typescript";

const root = resolve(__dirname, "../..");

// What an editor shows when hovering `tool` in a decorator: the language service's quick info, as VS Code asks it.
function hover(source: string, word: string): string {
  const file = join(root, "tests", "regressions", "__hover__.ts");
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  )!;
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => config.options,
    getScriptFileNames: () => [file],
    getScriptVersion: () => "1",
    getScriptSnapshot: (name) => {
      const text = name === file ? source : ts.sys.readFile(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => root,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (name) => name === file || ts.sys.fileExists(name),
    readFile: (name) => (name === file ? source : ts.sys.readFile(name)),
  };
  const info = ts.createLanguageService(host).getQuickInfoAtPosition(file, source.indexOf(word) + 1);
  return ts.displayPartsToString(info?.documentation);
}

describe("issue 25: the `tool` hover", () => {
  it.each([
    ["descriptors", '@tool({ description: "d", params: { q: p.string() } })'],
    ["generate", "@tool()"],
  ])(
    "says the method gets the call's context as a second argument (%s overload)",
    (_name, decorator) => {
      const source = `import { BaseAgent, p, tool } from "toolwright";
class A extends BaseAgent {
  ${decorator}
  find({ q }: { q: string }) { return q; }
}
`;
      expect(hover(source, "tool(")).toMatch(/second\s+argument/);
    },
    60_000,
  );
});
