import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";

// `1e3` is beyond the simple reader (it reads plain decimals only): the method's parameters need the parser.
const agentSource = `
import { BaseAgent, ToolRegistry, builtinTool, p } from "toolwright";
class Files extends BaseAgent {
  @builtinTool({ description: "Delete a file", params: { path: p.string() } })
  remove(path: string, force = false, limit = 1e3) { return path + ":" + force; }
}
const agent = new Files({ registry: new ToolRegistry() });
void agent.callTool("remove", { path: "a.txt" }).then((result) => {
  console.log(JSON.stringify({ content: result.content, schema: agent.toolSpecs()[0]?.inputSchema }));
});
`;

describe("the parameter parser in a bundle", () => {
  const dir = mkdtempSync(join(tmpdir(), "toolwright-bundle-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // A bundler must see the parser's require to include it: the bundle runs from a folder with no node_modules.
  it.each(["esm", "cjs"] as const)("reads builtin parameters when the app is bundled as %s", (format) => {
    const outfile = join(dir, `app.${format === "esm" ? "mjs" : "cjs"}`);
    buildSync({
      stdin: { contents: agentSource, loader: "ts" },
      bundle: true,
      platform: "node",
      format,
      target: "es2022",
      outfile,
      alias: { toolwright: join(__dirname, "../../src/index.ts") },
      logLevel: "silent",
    });
    const output = JSON.parse(execFileSync(process.execPath, [outfile], { cwd: dir, encoding: "utf8" })) as unknown;
    expect(output).toEqual({
      content: "a.txt:false",
      schema: {
        type: "object",
        properties: {
          path: { type: "string" },
          force: { type: "boolean", default: false },
          limit: { type: "integer", default: 1000 },
        },
        required: ["path"],
        additionalProperties: false,
      },
    });
  });
});
