import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, type Page, chromium } from "playwright-core";
import { repoRoot } from "./run-command.js";

// `toolwright dev` on examples/dev-agent.ts, driven in Debian's headless Chromium. Screenshots of each state go to
// tests/artifacts/devtools/ (gitignored); docs/images/devtools-*.png are copies of some of them.
jest.setTimeout(90_000);

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARTIFACTS = join(repoRoot, "tests", "artifacts", "devtools");

let command: ChildProcess;
let url: string;
let startedAt: number;
let context: BrowserContext;
let page: Page;
let profile: string;

/** Starts `toolwright dev <module> --no-open` and resolves with the process and the URL it prints. */
function startCommand(module: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join("src", "cli", "toolwright.ts"), "dev", module, "--no-open"],
    { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    let stdout = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = /at (http:\/\/127\.0\.0\.1:\d+\/[\w-]+\/)\n/.exec(stdout);
      if (found) resolve({ child, url: found[1]! });
    });
    child.once("exit", (code) => reject(new Error(`toolwright dev exited (${code}): ${stderr}`)));
  });
}

async function stopCommand(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Sends a raw HTTP request (Host and Origin set by hand, which fetch forbids) and resolves with status and body. */
function raw(
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(target, { method, headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

// Clicks Call and waits until the page shows the new call's result card, so the card read next is this call's and
// not the previous one (two calls in a row may end with the same outcome).
async function callAndWait() {
  const before = await page.locator(".result").count();
  await page.click("#call");
  await page.waitForFunction((count) => document.querySelectorAll(".result").length > count, before);
}

async function chooseTool(name: string) {
  await page.click(`button.tool[data-agent="playground_agent"][data-tool="${name}"]`);
  await page.waitForSelector(`#tool h2:has-text("${name}")`);
  await page.waitForSelector("[data-form]");
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: the toolwright dev browser suite needs it ` +
        "(apt-get install chromium, as .ci/run does, or set CHROMIUM_PATH)",
    );
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  startedAt = Date.now();
  ({ child: command, url } = await startCommand("examples/dev-agent.ts"));
  profile = mkdtempSync(join(tmpdir(), "toolwright-dev-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  page = context.pages()[0] ?? (await context.newPage());
});

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await stopCommand(command);
});

describe("toolwright dev in a browser", () => {
  it("shows the agents, who sees which tool, and the selected tool in every provider's form, soon after the command", async () => {
    await page.goto(url);
    await page.waitForSelector("body[data-ready=true]");
    // The page is interactive (the first tool selected, its form built) this long after the command started.
    const interactiveMs = Date.now() - startedAt;
    expect(interactiveMs).toBeLessThan(30_000);
    expect(await page.locator("nav .agent h2").allTextContents()).toEqual(["playground_agent", "reader_agent"]);
    // The module-level "add" is allowed to playground_agent only.
    const addRow = page.locator(".access tr", { hasText: "add" });
    expect(await addRow.locator("td").allTextContents()).toEqual(["add", "✓", "—"]);
    const forms = await page.locator("[data-form]").evaluateAll((els) => els.map((el) => el.getAttribute("data-form")));
    expect(forms).toEqual([
      "openai-chat",
      "openai-chat-strict",
      "openai-responses",
      "openai-responses-strict",
      "anthropic",
      "gemini",
      "mcp",
    ]);
    // Strict mode rewrites the optional fields; the card says so with its findings.
    expect(await page.locator('[data-form="openai-chat-strict"] .findings li').count()).toBeGreaterThan(0);
    await shot("overview");
  });

  it("calls a tool with the form, and shows the model's text for invalid arguments", async () => {
    await chooseTool("search");
    await page.fill('input[name="query"]', "lamp");
    await page.selectOption('select[name="mode"]', '"thorough"');
    await page.click('button:has-text("add tags item")');
    await page.fill('input[name="tags[]"]', "desk");
    await page.selectOption('select[name="includeArchived"]', "true");
    await page.fill('input[name="min"]', "5");
    await callAndWait();
    const first = page.locator(".result").first();
    await first.locator('[data-outcome="success"]').waitFor();
    const structured = await first.locator("details", { hasText: "structuredContent" }).locator("pre").textContent();
    expect(JSON.parse(structured!)).toEqual({
      hits: [{ id: 1, title: "lamp (thorough)" }],
      args: { query: "lamp", limit: 10, mode: "thorough", includeArchived: true, tags: ["desk"], price: { min: 5 } },
    });

    // Raw JSON goes as text, as a model's arguments do.
    await page.check("text=raw JSON");
    await page.fill("textarea.raw", '{ "query": "lamp", "mode": "slow" }');
    await callAndWait();
    const rawCall = page.locator(".result").first();
    await rawCall.locator('[data-outcome="invalid_arguments"]').waitFor();
    expect(await rawCall.locator(".model").textContent()).toContain('/mode must be one of "fast", "thorough".');
    await page.uncheck("text=raw JSON");

    await page.fill('input[name="limit"]', "0");
    await callAndWait();
    const invalid = page.locator(".result").first();
    await invalid.locator('[data-outcome="invalid_arguments"]').waitFor();
    expect(await invalid.locator(".model").textContent()).toContain(
      'Error (INVALID_ARGUMENTS): Invalid arguments for tool "search": /limit must be >= 1.',
    );
    await shot("invalid-arguments");
  });

  it("holds a call for approval, and runs it with the arguments the human edited", async () => {
    await chooseTool("deleteBranch");
    await page.fill('input[name="branch"]', "main");
    await page.click("#call");
    await page.locator('.result [data-outcome="awaiting_approval"]').first().waitFor();
    const card = page.locator(".approval").first();
    await card.waitFor();
    expect(await card.locator("textarea").inputValue()).toContain('"branch": "main"');
    await shot("approval");
    await card.locator("textarea").fill('{ "branch": "old-feature" }');
    await card.locator('button:has-text("Approve edited")').click();
    const done = page.locator(".result").first();
    await done.locator('[data-outcome="success"]').waitFor();
    expect(await done.locator(".model").textContent()).toContain("deleted old-feature");
    await page.locator(".approval").waitFor({ state: "detached" });
  });

  it("renders an image, a file to download and a link as the model gets them", async () => {
    await chooseTool("snapshot");
    await page.click("#call");
    const result = page.locator(".result").first();
    await result.locator('[data-outcome="success"]').waitFor();
    const img = result.locator("img.block.image");
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(24);
    expect(await result.locator("a.block.file").getAttribute("download")).toBe("board.csv");
    expect(await result.locator("a.block.link").getAttribute("href")).toBe("https://example.com/board");
    await shot("image-result");
  });

  it("shows a progress bar while a streaming tool runs, and the progress in the event log", async () => {
    await chooseTool("importRows");
    await page.fill('input[name="rows"]', "12");
    await page.click("#call");
    const bar = page.locator(".running .progress progress");
    await page.waitForFunction(() => {
      const el = document.querySelector(".running .progress progress") as HTMLProgressElement | null;
      return el !== null && el.value >= 2;
    });
    expect(await bar.evaluate((el) => (el as HTMLProgressElement).max)).toBe(12);
    await shot("progress");
    await page.locator('.result [data-outcome="success"]').first().waitFor({ timeout: 20_000 });
    expect(await page.locator("#log tr.ev-progress").count()).toBeGreaterThanOrEqual(12);
    expect(await page.locator("#log tr.ev-after", { hasText: "importRows" }).first().textContent()).toMatch(
      /success · [\d.]+ ms/,
    );
  });

  it("hands a long call to a background task with a progress bar, and cancels it", async () => {
    await chooseTool("reindex");
    await page.click("#call");
    await page.locator('.result [data-outcome="backgrounded"]').first().waitFor();
    const task = page.locator(".task.running").first();
    await task.waitFor();
    await page.waitForFunction(() => {
      const el = document.querySelector(".task.running .progress progress") as HTMLProgressElement | null;
      return el !== null && el.value >= 1;
    });
    await task.locator('button:has-text("Cancel task")').click();
    await page.locator(".task.cancelled").first().waitFor();
  });

  it("says, where the span tree would be, how to turn OpenTelemetry on when the module does not trace", async () => {
    // examples/dev-agent.ts registers no tracer provider: the pane names the reason and the lines to add.
    const off = page.locator('#spans .tracing-off[data-reason="no-provider"]');
    await off.waitFor();
    expect(await off.locator("pre").textContent()).toContain("instrumentTools();");
  });

  it("refuses, and runs nothing for, a request without the token, from another origin or under another Host", async () => {
    const { host, origin } = new URL(url);
    const call = JSON.stringify({ agent: "playground_agent", tool: "deleteBranch", args: { branch: "x" } });
    const json = { "content-type": "application/json" };
    const attempts = [
      { target: `${origin}/api/call`, headers: { host, ...json } },
      { target: `${origin}/not-the-token/api/call`, headers: { host, ...json } },
      { target: `${url}api/call`, headers: { host, origin: "http://evil.example", ...json } },
      { target: `${url}api/call`, headers: { host, "sec-fetch-site": "cross-site", ...json } },
      { target: `${url}api/call`, headers: { host: "evil.example", ...json } },
      { target: `${url}api/call`, headers: { host, "content-type": "text/plain" } },
    ];
    for (const { target, headers } of attempts) {
      const answer = await raw("POST", target, headers, call);
      expect(answer.status).toBe(403);
      expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    }
    for (const target of [origin + "/", `${origin}/events`, `${origin}/app.js`]) {
      expect((await raw("GET", target, { host })).status).toBe(403);
    }
    // Nothing ran: no call of deleteBranch waits for approval.
    const activity = await raw("GET", `${url}api/activity`, { host });
    expect(activity.status).toBe(200);
    expect((JSON.parse(activity.body) as { approvals: unknown[] }).approvals).toEqual([]);
    // A page of another origin cannot read the API either: the browser's fetch fails without CORS headers.
    const other = await context.newPage();
    await other.goto("about:blank");
    const blocked = await other.evaluate(async (target) => {
      try {
        await fetch(`${target}api/state`);
        return "read";
      } catch {
        return "blocked";
      }
    }, url);
    expect(blocked).toBe("blocked");
    await other.close();
  });
});

describe("toolwright dev when the module changes", () => {
  const folder = join(ARTIFACTS, "reload");
  const module = join(folder, "reload-agent.ts");
  const source = (tools: string[]) =>
    `import { BaseAgent, tool } from "toolwright";\n` +
    `export class ReloadAgent extends BaseAgent {\n` +
    `  static override agentName = "reload_agent";\n` +
    tools.map((name) => `  @tool({ description: "${name}" })\n  ${name}() {\n    return "${name}";\n  }\n`).join("") +
    `}\n`;
  let reloading: ChildProcess | undefined;

  afterAll(() => stopCommand(reloading));

  it("reloads the module in a fresh process and the page shows its new tools, under the same URL", async () => {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    writeFileSync(module, source(["first"]));
    const started = await startCommand(module);
    reloading = started.child;
    const reloadPage = await context.newPage();
    await reloadPage.goto(started.url);
    await reloadPage.waitForSelector("body[data-ready=true]");
    expect(await reloadPage.locator("button.tool").allTextContents()).toEqual(["first"]);
    writeFileSync(module, source(["first", "second"]));
    await reloadPage.waitForSelector('button.tool[data-tool="second"]', { timeout: 30_000 });
    expect(reloadPage.url()).toBe(started.url);
    expect(await reloadPage.locator("button.tool").allTextContents()).toEqual(["first", "second"]);
    await reloadPage.close();
  });
});

describe("toolwright dev with OpenTelemetry on", () => {
  let traced: ChildProcess | undefined;
  let tracedPage: Page;
  let reportCallId = "";

  beforeAll(async () => {
    const started = await startCommand("examples/dev-agent-traced.ts");
    traced = started.child;
    tracedPage = await context.newPage();
    await tracedPage.goto(started.url);
    await tracedPage.waitForSelector("body[data-ready=true]");
  });

  afterAll(async () => {
    await tracedPage?.close();
    await stopCommand(traced);
  });

  // Calls the selected tool and resolves with the call id of the result card it adds.
  async function callTraced(): Promise<string> {
    const before = await tracedPage.locator(".result").count();
    await tracedPage.click("#call");
    await tracedPage.waitForFunction((count) => document.querySelectorAll(".result").length > count, before);
    return (await tracedPage.locator(".result").first().getAttribute("data-call"))!;
  }

  async function choose(agent: string, name: string) {
    await tracedPage.click(`button.tool[data-agent="${agent}"][data-tool="${name}"]`);
    await tracedPage.waitForSelector(`#tool h2:has-text("${name}")`);
  }

  it("shows the call's span tree: the handler's spans under the call's, its attempts and its time limit", async () => {
    await choose("report_agent", "buildReport");
    await tracedPage.selectOption('select[name="quarter"]', '"Q2"');
    const callId = (reportCallId = await callTraced());
    const tree = tracedPage.locator(`#spans .span-call[data-call="${callId}"]`);
    // The tree is drawn once the call's span has ended (its duration shown).
    const root = tree.locator('.span-tree > li.span[data-span="execute_tool buildReport"]');
    await root.locator("> .span-head .span-duration", { hasText: /^[\d.]+ m?s$/ }).waitFor();
    const children = await root
      .locator("> ul > li.span")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-span")));
    // Two attempts: a query each, and the render of the one that worked.
    expect(children).toEqual(["db.query", "db.query", "render"]);
    const facts = await tree.locator(".span-facts .badge").allTextContents();
    expect(facts).toEqual(["success", "2 attempts", "retries 1", "time limit 5.00 s"]);
    expect(await root.locator("> .span-attrs").textContent()).toContain("toolwright.call.outcome = success");
    await tracedPage.screenshot({ path: join(ARTIFACTS, "spans.png") });
  });

  it("shows an approved call's run as a span of its own, with how long it waited for approval", async () => {
    await choose("playground_agent", "deleteBranch");
    await tracedPage.fill('input[name="branch"]', "stale");
    const callId = await callTraced();
    const card = tracedPage.locator(".approval").first();
    await card.waitFor();
    await card.locator('button:has-text("Approve")').first().click();
    const tree = tracedPage.locator(`#spans .span-call[data-call="${callId}"]`);
    const approved = tree.locator('.span-tree > li.span:has(> .span-head .badge:text-is("approved"))');
    await approved.locator("> .span-note", { hasText: "for approval" }).waitFor();
    expect(await approved.locator("> .span-note").textContent()).toMatch(/^waited [\d.]+ (ms|s) for approval$/);
    const first = tree.locator(".span-tree > li.span").first();
    expect(await first.locator("> .span-attrs").textContent()).toContain("toolwright.call.outcome = awaiting_approval");
  });

  it("shows the spans of a call picked in the event log", async () => {
    // The pane shows the approved deleteBranch now; buildReport's call is picked from its row.
    await tracedPage.locator(`#log tr.ev-after[data-call="${reportCallId}"]`).click();
    const picked = tracedPage.locator(`#spans .span-call[data-call="${reportCallId}"]`);
    await picked.locator('li.span[data-span="execute_tool buildReport"]').waitFor();
  });
});
