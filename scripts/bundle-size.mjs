#!/usr/bin/env node
// Reports the minified + gzipped size of a two-tool agent bundled for workerd (Cloudflare Workers): the Worker of
// tests/toolchains/two-tool-worker.ts (which tests/toolchains/bundle-contents.test.ts bundles too), bundled from this
// repository's dist/ (run `npm run build` first) with the conditions wrangler uses, every dependency included. The
// size does not depend on the machine's load.
//
//   node scripts/bundle-size.mjs        (prints the size; exit code 1 above the 100 KiB target of issue #33)
//   node scripts/bundle-size.mjs --mcp  (the same for examples/worker: its agent served over MCP by mcpFetchHandler,
//                                        bundled as tests/examples/worker-example bundles it: node:* and the MCP
//                                        client packages, which only importMcpTools reaches, left out)
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TARGET_KIB = 100;

const mcp = process.argv.includes("--mcp");
const result = await build({
  entryPoints: [join(root, mcp ? "examples/worker/src/index.ts" : "tests/toolchains/two-tool-worker.ts")],
  // The Worker bundled as an app's own project would: not through this repository's tsconfig (its paths point at src/).
  ...(mcp ? {} : { tsconfigRaw: {} }),
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
const gzipped = gzipSync(code, { level: 9 }).length;
const kib = gzipped / 1024;
const what = mcp ? "examples/worker (MCP) for workerd" : "two-tool agent for workerd";
console.log(
  `${what}: ${(code.length / 1024).toFixed(1)} KiB minified, ${kib.toFixed(1)} KiB gzipped (${code.length} and ${gzipped} bytes)`,
);
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
