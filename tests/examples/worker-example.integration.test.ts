// The Worker of examples/worker/, bundled as wrangler would bundle it (toolwright and toolwright/mcp from their worker
// build, dist/web), run in workerd through miniflare, with its wrangler.jsonc's nodejs_compat and without it, and called
// by the official MCP client on both protocol revisions. The same agent and endpoint options are also served from
// Vercel's Edge Runtime (edge-runtime's own server, the edge-light build).
import { rmSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createConsumer, repoRoot, run } from "../package/consumer-project.js";
import { serveInEdgeRuntime } from "../support/edge-runtime-process.js";
import { packedTarball } from "../toolchains/packed-package.js";
import { type Era, callEndpoint, expectedEndpoint } from "../mcp/fetch-endpoint-checks.js";

// A fresh project with real installs from the npm registry: slow on 2 shared cores.
jest.setTimeout(600_000);

const ERAS: Era[] = ["legacy", "modern"];
const example = (path: string) => readFileSync(join(repoRoot, "examples/worker", path), "utf8");

/** The Worker's wrangler.jsonc, read as wrangler reads it (comments and trailing commas allowed). */
function wranglerConfig(): { compatibility_date: string; compatibility_flags?: string[] } {
  const json = example("wrangler.jsonc")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/,(\s*[}\]])/g, "$1");
  return JSON.parse(json) as { compatibility_date: string; compatibility_flags?: string[] };
}

interface MiniflareLike {
  readonly ready: Promise<URL>;
  dispose(): Promise<void>;
}

// The Worker's endpoint as a script for the Edge Runtime, which dispatches fetch events to a listener: the same agent,
// the same options (stateless, one request state key) as src/index.ts gives mcpFetchHandler.
const edgeTs = `import { mcpFetchHandler } from "toolwright/mcp";
import { NotesAgent } from "./agent.js";

const handler = mcpFetchHandler(new NotesAgent(), {
  path: "/mcp",
  stateless: true,
  requestStateKey: "a test key of at least thirty-two characters",
  name: "notes",
  version: "1.0.0",
});
addEventListener("fetch", (event) => event.respondWith(handler(event.request)));
`;

// Which workerd rows run: the flags wrangler.jsonc sets, and none (no AsyncLocalStorage, no node:* modules at all).
type Row = "wrangler.jsonc (nodejs_compat)" | "without nodejs_compat";
const ROWS: Row[] = ["wrangler.jsonc (nodejs_compat)", "without nodejs_compat"];

describe("examples/worker in workerd (miniflare) and its endpoint on the Edge Runtime", () => {
  let dir = "";
  const workers: MiniflareLike[] = [];
  const urls = new Map<Row, string>();
  let edge: { url: string; close(): Promise<void> } | undefined;

  beforeAll(async () => {
    const tarball = await packedTarball();
    dir = createConsumer({
      "package.json": JSON.stringify({ name: "worker-example", version: "0.0.0", private: true, type: "module" }),
      "src/index.ts": example("src/index.ts"),
      "src/agent.ts": example("src/agent.ts"),
      "src/edge.ts": edgeTs,
    });
    const packages = [tarball, "@modelcontextprotocol/server@^2.4.0", "miniflare@^4.20260730.0", "esbuild@^0.28.2"];
    await run("npm", ["install", ...packages, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], dir);
    const consumerRequire = createRequire(join(dir, "package.json"));
    // As wrangler bundles a Worker: workerd's export conditions, ES2022 (which lowers the decorators), node:* left to
    // workerd's nodejs_compat. The MCP client packages are reached only by importMcpTools, which the Worker never calls.
    const esbuild = consumerRequire("esbuild") as { build(options: object): Promise<unknown> };
    await esbuild.build({
      absWorkingDir: dir,
      entryPoints: ["src/index.ts"],
      outfile: "dist/worker.js",
      bundle: true,
      format: "esm",
      target: "es2022",
      platform: "neutral",
      conditions: ["workerd", "worker", "browser"],
      mainFields: ["module", "main"],
      external: ["node:*", "@modelcontextprotocol/client", "@modelcontextprotocol/sdk/*"],
      logLevel: "error",
    });
    // The Edge Runtime's bundler resolves the edge-light condition, and evaluates a script, not a module.
    await esbuild.build({
      absWorkingDir: dir,
      entryPoints: ["src/edge.ts"],
      outfile: "dist/edge.js",
      bundle: true,
      format: "esm",
      target: "es2022",
      platform: "neutral",
      conditions: ["edge-light", "worker", "browser"],
      mainFields: ["module", "main"],
      external: ["node:*", "@modelcontextprotocol/client", "@modelcontextprotocol/sdk/*"],
      logLevel: "error",
    });
    const { Miniflare } = consumerRequire("miniflare") as {
      Miniflare: new (options: object) => MiniflareLike;
    };
    const config = wranglerConfig();
    for (const row of ROWS) {
      const worker = new Miniflare({
        modules: true,
        // Module paths are relative to modulesRoot (by default the process's cwd, which the bundle is outside of).
        modulesRoot: join(dir, "dist"),
        scriptPath: join(dir, "dist/worker.js"),
        compatibilityDate: config.compatibility_date,
        compatibilityFlags: row === "without nodejs_compat" ? [] : (config.compatibility_flags ?? []),
        bindings: { MCP_STATE_KEY: "a test key of at least thirty-two characters" },
        host: "127.0.0.1",
        port: 0,
      });
      workers.push(worker);
      urls.set(row, new URL("/mcp", await worker.ready).href);
    }
    const server = await serveInEdgeRuntime(join(dir, "dist/edge.js"));
    edge = { url: new URL("/mcp", server.url).href, close: () => server.close() };
  });

  afterAll(async () => {
    for (const worker of workers) await worker.dispose();
    await edge?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const cases = ROWS.flatMap((row) => ERAS.map((era) => [row, era] as const));
  it.each(cases)(
    "workerd, %s: the official client gets tools, a call, invalid arguments and an approval (%s)",
    async (row, era) => {
      // The Worker is stateless: a 2025-11-25 client has no session to be asked on, so its approval is refused;
      // 2026-07-28 asks with input_required, signed with the shared MCP_STATE_KEY.
      expect(await callEndpoint(urls.get(row)!, era)).toEqual(
        expectedEndpoint(era, era === "legacy" ? "refused" : "runs"),
      );
    },
  );

  it("Edge Runtime: the official client gets tools, a call, invalid arguments and a refused approval (legacy)", async () => {
    expect(await callEndpoint(edge!.url, "legacy")).toEqual(expectedEndpoint("legacy", "refused"));
  });

  // edge-runtime (4.x) has no AbortSignal.any, which a 2026-07-28 tools/call reaches (the request's signal linked with
  // the call's own): src/runtime/either-signal.ts links them by hand there.
  it("Edge Runtime: the official client gets tools, a call, invalid arguments and an approval that runs (2026-07-28)", async () => {
    expect(await callEndpoint(edge!.url, "modern")).toEqual(expectedEndpoint("modern", "runs"));
  });
});
