import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type * as MiniflareModule from "miniflare";
import type { ConsoleMessage } from "playwright-core";
import { createConsumer, repoRoot, run, runNodeJson } from "../package/consumer-project.js";
import { evaluateInEdgeRuntime } from "../support/edge-runtime-process.js";
import { inChromiumPage } from "../support/chromium-page.js";
import { packedTarball } from "./packed-package.js";
import { pageTs, printTs, runtimeAppTs, workerTs } from "./runtime-app.js";

// Build, pack, an install from the npm cache, a bundle per runtime, and each runtime started: slow on 2 shared cores.
jest.setTimeout(600_000);

// Everywhere JavaScript runs (issue #33, docs/toolchains.md "Runtimes"): the packed package, bundled as an app would
// bundle it for each runtime, gives every runtime the same export, results and texts as Node.
describe("the packed package on each runtime", () => {
  let dir = "";
  let node: Record<string, unknown> = {};

  const esbuild = (entry: string, outfile: string, ...args: string[]) =>
    run(
      join(dir, "node_modules/.bin/esbuild"),
      [entry, "--bundle", "--format=esm", "--target=es2022", `--outfile=${outfile}`, ...args],
      dir,
    );
  // What the worker and browser runtimes resolve: the export conditions their bundlers use.
  const webBundle = (entry: string, outfile: string, conditions: string, ...args: string[]) =>
    esbuild(entry, outfile, "--platform=neutral", `--conditions=${conditions}`, "--main-fields=module,main", ...args);

  beforeAll(async () => {
    const tarball = await packedTarball();
    dir = createConsumer({
      "package.json": JSON.stringify({ name: "runtime-app", version: "0.0.0", private: true, type: "module" }),
      "src/app.ts": runtimeAppTs,
      "src/worker.ts": workerTs,
      "src/print.ts": printTs,
      "src/page.ts": pageTs,
      "src/two-tool-worker.ts": readFileSync(join(__dirname, "two-tool-worker.ts"), "utf8"),
    });
    await run("npm", ["install", tarball, "esbuild@^0.28.2", "--prefer-offline", "--no-audit", "--no-fund"], dir);
    await esbuild("src/print.ts", "dist/node.mjs", "--platform=node");
    node = await runNodeJson(dir, "dist/node.mjs");
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("runs every check on Node, the reference the other rows are held to", () => {
    expect(node).toMatchObject({
      valid: { ok: true, content: "*.ts x2" },
      invalid: { ok: false, code: "INVALID_ARGUMENTS" },
      asked: { outcome: "awaiting_approval", code: "APPROVAL_REQUIRED" },
      approved: { ok: true, content: "deleted a.txt" },
    });
    expect(String((node.invalid as { message: string }).message)).toMatch(/\/pattern is required/);
    expect(String((node.invalid as { message: string }).message)).toMatch(/\/maxResults must be >= 1/);
    const handWritten = node.handWritten as { found: unknown; invalid: string; refused: string; badTitle: string };
    expect(handWritten.found).toBe("found a");
    expect(handWritten.invalid).toMatch(/\/title must be string/);
    expect(handWritten.refused).toMatch(/"broken".*input schema is not valid JSON Schema: .*\/properties\/q\/type/);
    expect(handWritten.badTitle).toMatch(/"titled".*input schema is not valid JSON Schema: .*\/title/);
  });

  // Issue #33's size target, as scripts/bundle-size.mjs measures it from dist/ (docs/performance.md): here from the
  // packed package, so a change that grows what every Worker carries past it fails before it lands.
  it("bundles a two-tool Worker for workerd in at most 100 KiB, minified and gzipped", async () => {
    await webBundle("src/two-tool-worker.ts", "dist/two-tool-worker.mjs", "workerd,worker,browser", "--minify");
    const gzipped = gzipSync(readFileSync(join(dir, "dist/two-tool-worker.mjs")), { level: 9 }).length;
    expect(gzipped).toBeLessThanOrEqual(100 * 1024);
  });

  it.each([
    ["without nodejs_compat", []],
    ["with nodejs_compat", ["nodejs_compat"]],
  ])("runs every check on workerd (miniflare), %s, as on Node", async (_, compatibilityFlags) => {
    await webBundle("src/worker.ts", "dist/worker.mjs", "workerd,worker,browser");
    const { Miniflare } = (await import(
      join(repoRoot, "node_modules/miniflare/dist/src/index.js")
    )) as typeof MiniflareModule;
    const mf = new Miniflare({
      modules: true,
      script: readFileSync(join(dir, "dist/worker.mjs"), "utf8"),
      compatibilityDate: "2025-09-01",
      compatibilityFlags,
    });
    try {
      const response = await mf.dispatchFetch("http://localhost/");
      expect(await response.json()).toEqual(node);
    } finally {
      await mf.dispose();
    }
  });

  it("runs every check on Vercel's Edge Runtime (edge-runtime), as on Node", async () => {
    await webBundle("src/print.ts", "dist/edge.js", "edge-light,worker,browser");
    // The Edge Runtime evaluates scripts, not modules: the bundle's body, with its top-level await-free checks.
    expect(JSON.parse(await evaluateInEdgeRuntime(join(dir, "dist/edge.js")))).toEqual(node);
  });

  it("runs every check in headless Chromium under a CSP that forbids eval, as on Node", async () => {
    await webBundle("src/page.ts", "dist/page.js", "browser");
    const violation = (message: ConsoleMessage) => /Content Security Policy|EvalError/.test(message.text());
    await inChromiumPage(violation, async (page, violations) => {
      // localhost: a secure context, where crypto.randomUUID (agent ids, approval ids) exists; a page served over
      // plain http from another host has none (docs/toolchains.md, Runtimes).
      await page.route("http://localhost:9/**", (route) => {
        const script = route.request().url().endsWith("/page.js");
        return route.fulfill({
          status: 200,
          headers: {
            "content-type": script ? "text/javascript" : "text/html",
            // No 'unsafe-eval': new Function and eval throw, as ajv's compiled validators would need.
            "content-security-policy": "default-src 'none'; script-src 'self'",
          },
          body: script
            ? readFileSync(join(dir, "dist/page.js"), "utf8")
            : '<!doctype html><html><body><script type="module" src="/page.js"></script></body></html>',
        });
      });
      await page.goto("http://localhost:9/");
      await page.waitForFunction(() => document.body.dataset.checks !== undefined, undefined, { timeout: 60_000 });
      const checks = JSON.parse((await page.evaluate(() => document.body.dataset.checks)) ?? "{}") as unknown;
      expect(checks).toEqual(node);
      // The page could not generate code at all: the policy held, and toolwright needed none.
      expect(await page.evaluate(() => document.body.dataset.evalRefused)).toBe("yes");
      expect(violations).toEqual([]);
    });
  });

  it.each([
    ["Deno", join(repoRoot, "node_modules/.bin/deno"), ["run", "--allow-all", "dist/node.mjs"]],
    ["Bun", join(repoRoot, "node_modules/.bin/bun"), ["dist/node.mjs"]],
  ])("runs every check on %s (from its npm package), as on Node", async (_, command, args) => {
    const { stdout } = await run(command, args, dir);
    const lines = stdout.trim().split("\n");
    expect(JSON.parse(lines[lines.length - 1] ?? "{}")).toEqual(node);
  });
});
