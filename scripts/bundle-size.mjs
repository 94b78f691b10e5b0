#!/usr/bin/env node
// Reports the minified + gzipped size of a two-tool agent bundled for workerd (Cloudflare Workers): the app of the
// runtime rows (tests/toolchains/runtime-app.ts), bundled from this repository's dist/ (run `npm run build` first)
// with the conditions wrangler uses, every dependency included. The size does not depend on the machine's load.
//
//   node scripts/bundle-size.mjs        (prints the size; exit code 1 above the 100 KiB target of issue #33)
//   node scripts/bundle-size.mjs --mcp  (the same for examples/worker: its agent served over MCP by mcpFetchHandler,
//                                        bundled as tests/examples/worker-example bundles it: node:* and the MCP
//                                        client packages, which only importMcpTools reaches, left out)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TARGET_KIB = 100;

const app = `import { BaseAgent, p, tool } from "toolwright";

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

const mcp = process.argv.includes("--mcp");
const dir = mkdtempSync(join(tmpdir(), "toolwright-size-"));
try {
  writeFileSync(join(dir, "worker.ts"), app);
  const result = await build({
    entryPoints: [mcp ? join(root, "examples/worker/src/index.ts") : join(dir, "worker.ts")],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    // The files the conditions above pick from package.json exports (".": workerd → dist/web/index.js).
    alias: {
      toolwright: join(root, "dist/web/index.js"),
      "toolwright/mcp": join(root, "dist/web/mcp/index.js"),
    },
    external: mcp ? ["node:*", "@modelcontextprotocol/client", "@modelcontextprotocol/sdk/*"] : [],
    nodePaths: [join(root, "node_modules")],
    write: false,
    metafile: true,
    logLevel: "error",
  });
  const code = result.outputFiles[0].contents;
  const kib = gzipSync(code, { level: 9 }).length / 1024;
  const what = mcp ? "examples/worker (MCP) for workerd" : "two-tool agent for workerd";
  console.log(`${what}: ${(code.length / 1024).toFixed(1)} KiB minified, ${kib.toFixed(1)} KiB gzipped`);
  if (process.argv.includes("--by-package")) {
    const byPackage = new Map();
    for (const [file, { bytesInOutput }] of Object.entries(
      result.metafile.outputs[Object.keys(result.metafile.outputs)[0]].inputs,
    )) {
      const name = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? "toolwright";
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
    for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]))
      console.log(`  ${name}: ${(bytes / 1024).toFixed(1)} KiB minified`);
  }
  if (!mcp && kib > TARGET_KIB) {
    console.error(`above the ${TARGET_KIB} KiB target`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
