// The Worker of examples/worker/, bundled as wrangler would bundle it (toolwright and toolwright/mcp from their worker
// build, dist/web), run in workerd through miniflare, and called by the official MCP client on both protocol revisions.
import { rmSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createConsumer, repoRoot, run } from "../package/consumer-project.js";
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

describe("examples/worker in workerd (miniflare)", () => {
  let dir = "";
  let worker: MiniflareLike | undefined;
  let url = "";

  beforeAll(async () => {
    const tarball = await packedTarball();
    dir = createConsumer({
      "package.json": JSON.stringify({ name: "worker-example", version: "0.0.0", private: true, type: "module" }),
      "src/index.ts": example("src/index.ts"),
      "src/agent.ts": example("src/agent.ts"),
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
    const { Miniflare } = consumerRequire("miniflare") as {
      Miniflare: new (options: object) => MiniflareLike;
    };
    const config = wranglerConfig();
    worker = new Miniflare({
      modules: true,
      // Module paths are relative to modulesRoot (by default the process's cwd, which the bundle is outside of).
      modulesRoot: join(dir, "dist"),
      scriptPath: join(dir, "dist/worker.js"),
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags ?? [],
      bindings: { MCP_STATE_KEY: "a test key of at least thirty-two characters" },
      host: "127.0.0.1",
      port: 0,
    });
    url = new URL("/mcp", await worker.ready).href;
  });

  afterAll(async () => {
    await worker?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(ERAS)("answers the official client: tools, a call, invalid arguments and an approval (%s)", async (era) => {
    // The Worker is stateless: a 2025-11-25 client has no session to be asked on, so its approval is refused;
    // 2026-07-28 asks with input_required, signed with the shared MCP_STATE_KEY.
    expect(await callEndpoint(url, era)).toEqual(expectedEndpoint(era, era === "legacy" ? "refused" : "runs"));
  });
});
