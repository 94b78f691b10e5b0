import { join, relative, resolve } from "node:path";
import { build } from "esbuild";

// What a bundler keeps of toolwright for an app that only calls tools (issue #33's bundle-size target): the Worker
// that scripts/bundle-size.mjs sizes (two-tool-worker.ts, one file for both, so they cannot drift apart), bundled from
// src/ with its dependencies left out, so the metafile names toolwright's own modules. A registry checks tools against the providers its `compatibility` option names, with their default
// options, so the providers' rules are in every such bundle; their exporters, call parsers and result builders must not
// be, nor what only a check with options needs (Gemini's OpenAPI converter, which `checkCompatibility` hands in).
const root = resolve(__dirname, "../..");

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
  let modules: string[] = [];
  let code = "";

  beforeAll(async () => {
    const result = await build({
      entryPoints: [join(__dirname, "two-tool-worker.ts")],
      alias: { toolwright: join(root, "src/index.ts") },
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
