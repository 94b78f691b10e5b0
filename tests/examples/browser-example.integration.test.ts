// examples/browser/: an agent in a page, bundled by the example's own `npm run build` from the packed package (the
// browser condition picks toolwright's worker and browser build), opened in Debian's chromium through playwright-core
// under the page's own CSP, which forbids eval. The person's click answers the approval, both ways.
import { readFileSync, rmSync } from "node:fs";
import { extname, join } from "node:path";
import type { ConsoleMessage } from "playwright-core";
import { TodoAgent } from "../../examples/browser/src/agent.js";
import { createConsumer, repoRoot, run } from "../package/consumer-project.js";
import { packedTarball } from "../toolchains/packed-package.js";
import { inChromiumPage } from "../support/chromium-page.js";

// Build, pack, an install from the npm cache, a bundle and a browser: slow on 2 shared cores.
jest.setTimeout(600_000);

const example = (path: string) => readFileSync(join(repoRoot, "examples/browser", path), "utf8");

// Run in the page after the example: says whether the page may generate code.
const PROBE = `try {
  new Function("return 1")();
  document.body.dataset.evalInPage = "generated";
} catch (error) {
  document.body.dataset.evalInPage = error.name;
}`;

interface Shown {
  readonly call: string;
  readonly ok: boolean;
  readonly outcome: string;
  readonly text: string;
}

describe("examples/browser in headless Chromium", () => {
  let dir = "";
  let invalidOnNode = "";

  beforeAll(async () => {
    const tarball = await packedTarball();
    dir = createConsumer({
      "package.json": example("package.json"),
      "index.html": example("index.html"),
      "src/agent.ts": example("src/agent.ts"),
      "src/main.ts": example("src/main.ts"),
    });
    await run("npm", ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], dir);
    await run("npm", ["run", "build"], dir);
    // The text Node's build (ajv) gives the model for the same mistake: the page's must be the same.
    const refused = await new TodoAgent().callTool("list", { limit: 0 });
    invalidOnNode = `${refused.error?.code}: ${refused.error?.message}`;
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ["approves", "#approve", { ok: true, outcome: "success", text: "cleared 2 items" }, "[]"],
    [
      "rejects",
      "#reject",
      { ok: false, outcome: "rejected", text: expect.stringMatching(/^APPROVAL_REJECTED: .*the person said no/) },
      '["buy milk","water the plants"]',
    ],
  ])("runs the agent's calls, and the person %s the approval with a click", async (_, button, answer, listAfter) => {
    const isProblem = (message: ConsoleMessage) =>
      message.type() === "error" || /Content Security Policy|EvalError/.test(message.text());
    await inChromiumPage(isProblem, async (page, problems) => {
      // The example's folder, served on localhost (a secure context: crypto.randomUUID gives the approval ids).
      await page.route("http://localhost:9/**", (route) => {
        const path = new URL(route.request().url()).pathname;
        if (path === "/probe.js") {
          return route.fulfill({ status: 200, headers: { "content-type": "text/javascript" }, body: PROBE });
        }
        const file = path === "/" ? "index.html" : path.slice(1);
        const type = extname(file) === ".js" ? "text/javascript" : "text/html";
        return route.fulfill({ status: 200, headers: { "content-type": type }, body: readFileSync(join(dir, file)) });
      });
      await page.goto("http://localhost:9/");
      await page.locator("#approval").waitFor({ state: "visible", timeout: 60_000 });
      await page.click(button);
      await page.waitForFunction(() => document.body.dataset.results !== undefined, undefined, { timeout: 60_000 });
      const shown = JSON.parse((await page.evaluate(() => document.body.dataset.results)) ?? "[]") as Shown[];
      expect(shown).toEqual([
        { call: 'add({ text: "buy milk" })', ok: true, outcome: "success", text: 'added "buy milk" (1 on the list)' },
        {
          call: 'add({ text: "water the plants" })',
          ok: true,
          outcome: "success",
          text: 'added "water the plants" (2 on the list)',
        },
        { call: "list({ limit: 0 })", ok: false, outcome: "invalid_arguments", text: invalidOnNode },
        { call: "list({ limit: 5 })", ok: true, outcome: "success", text: '["buy milk","water the plants"]' },
        {
          call: "clear()",
          ok: false,
          outcome: "awaiting_approval",
          text: expect.stringMatching(/^APPROVAL_REQUIRED: Tool "clear" needs the user's approval/),
        },
        { call: "clear(), answered", ...answer },
        { call: "list({ limit: 5 })", ok: true, outcome: "success", text: listAfter },
      ]);
      expect(invalidOnNode).toMatch(/^INVALID_ARGUMENTS: .*\/limit must be >= 1/);
      // The tools as OpenAI receives them, in the page.
      const tools = JSON.parse((await page.textContent("#tools")) ?? "[]") as { function: { name: string } }[];
      expect(tools.map((spec) => spec.function.name)).toEqual(["add", "list", "clear"]);
      // The page's CSP refuses code generation (toolwright's browser build validated without it), and nothing failed:
      // a script of the page's own origin (the test's probe, which the CSP lets load) cannot use new Function.
      await page.evaluate(() => {
        const probe = document.createElement("script");
        probe.src = "/probe.js";
        document.body.append(probe);
      });
      await page.waitForFunction(() => document.body.dataset.evalInPage !== undefined);
      const evalInPage = await page.evaluate(() => document.body.dataset.evalInPage);
      expect(evalInPage).toBe("EvalError");
      expect(problems).toEqual([]);
    });
  });
});
