import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { build } from "esbuild";

// What a bundler keeps of toolwright for an app that only calls tools (issue #33's bundle-size target): the app of
// scripts/bundle-size.mjs, bundled from src/ with its dependencies left out, so the metafile names toolwright's own
// modules. A registry checks tools against the providers its `compatibility` option names, with their default
// options, so the providers' rules are in every such bundle; their exporters, call parsers and result builders must not
// be, nor what only a check with options needs (Gemini's OpenAPI converter, which `checkCompatibility` hands in).
const root = resolve(__dirname, "../..");

const app = `import { BaseAgent, p, tool } from ${JSON.stringify(join(root, "src/index.ts"))};

class FileAgent extends BaseAgent {
  static agentName = "file_agent";

  @tool({ description: "Search for files", params: { pattern: p.string(), maxResults: p.integer({ minimum: 1 }) } })
  search({ pattern, maxResults }: { pattern: string; maxResults: number }): string {
    return pattern + maxResults;
  }

  @tool({ description: "Delete a file", params: { path: p.string() }, requiresApproval: true })
  remove({ path }: { path: string }): string {
    return "deleted " + path;
  }
}

export default {
  async fetch(request: Request): Promise<Response> {
    const { tool, args } = (await request.json()) as { tool: string; args: unknown };
    return Response.json(await new FileAgent().callTool(tool, args));
  },
};
`;

const PROVIDERS = ["openai", "anthropic", "gemini", "mcp"];
// The public functions each provider's row adds to its rules, and what only `checkCompatibility` reaches
// (scripts/bundle-size.mjs's app calls none of them).
const UNCALLED = [
  "checkCompatibility",
  "toOpenApiSchema",
  "toOpenAITools",
  "parseOpenAIToolCalls",
  "toOpenAIToolResult",
  "toAnthropicTools",
  "parseAnthropicToolCalls",
  "toAnthropicToolResult",
  "toGeminiTools",
  "parseGeminiToolCalls",
  "toGeminiToolResult",
  "toMcpTools",
  "toMcpToolResult",
];

describe("a two-tool agent's bundle", () => {
  let dir = "";
  let modules: string[] = [];
  let code = "";

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "toolwright-bundle-"));
    writeFileSync(join(dir, "worker.ts"), app);
    const result = await build({
      entryPoints: [join(dir, "worker.ts")],
      bundle: true,
      format: "esm",
      target: "es2022",
      platform: "neutral",
      // Only toolwright's own modules: its dependencies and the Node-only loaders stay imports.
      packages: "external",
      external: ["node:*", "*.cjs"],
      tsconfigRaw: {},
      write: false,
      metafile: true,
      logLevel: "error",
    });
    code = result.outputFiles[0]!.text;
    const [output] = Object.values(result.metafile.outputs);
    modules = Object.entries(output!.inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([file]) => relative(root, resolve(file)).split("\\").join("/"));
  }, 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("holds every provider's rules, which the registry's compatibility warnings check with", () => {
    expect(modules).toEqual(
      expect.arrayContaining([
        "src/providers/provider-rules.ts",
        ...PROVIDERS.map((name) => `src/providers/${name}/rules.ts`),
      ]),
    );
  });

  it("holds no provider's row, exporter, call parser, result builder or OpenAPI converter", () => {
    const rows = modules.filter((file) =>
      /^src\/providers\/(provider-table|compatibility|[a-z]+\/(provider|calls|openapi-schema|openapi-parts))\.ts$/.test(
        file,
      ),
    );
    expect(rows).toEqual([]);
    // esbuild keeps a function's name when it does not minify: none of the public functions is defined.
    expect(UNCALLED.filter((name) => new RegExp(`function ${name}\\b`).test(code))).toEqual([]);
    expect(code).toContain("function checkDefaultCompatibility");
  });
});
