// `npx tsx bench/dev-interactive.ts [--rounds N] [--source] [--json] [module ...]`: the time from `toolwright dev` to
// a page that answers (issue #39's target: interactive within 2 s on the demo's agents). Each round spawns
// `toolwright dev <module> --no-open` and times three moments from the spawn:
//   url          the command printed its address (the loader process listens)
//   answers      GET of the page and of api/state both answered 200
//   interactive  in headless Chromium (already running, as the developer's browser is), the page has drawn the agents,
//                the first tool's form and its provider forms (body[data-ready=true], as the browser test waits)
// By default it runs the built command (dist/esm/cli/toolwright.js, built first when src/ is newer), as `npx
// toolwright dev` does; --source runs src/cli/toolwright.ts through tsx instead. Without Chromium (CHROMIUM_PATH or
// /usr/bin/chromium) the last column is left out. Take figures on a quiet machine; docs/performance.md has the rules.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type BrowserContext, chromium } from "playwright-core";
import { ensureBuild, repoRoot } from "./ensure-build.js";

const { values, positionals } = parseArgs({
  options: {
    rounds: { type: "string", default: "7" },
    source: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
  allowPositionals: true,
});
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`--rounds must be a whole number ≥ 1; got ${values.rounds}`);
// The demo's agents (examples/file-agent.ts, which `npm run demo` drives) and the playground's own example.
const modules = positionals.length > 0 ? positionals : ["examples/file-agent.ts", "examples/dev-agent.ts"];
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

interface Round {
  readonly url: number;
  readonly answers: number;
  readonly interactive?: number;
}

const command = (): string[] => {
  if (values.source) return ["--import", "tsx", join(repoRoot, "src", "cli", "toolwright.ts")];
  ensureBuild();
  return [join(repoRoot, "dist", "esm", "cli", "toolwright.js")];
};

/** Resolves with the printed address once the command prints it. */
function addressOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const found = / at (http:\/\/127\.0\.0\.1:\d+\/[\w-]+\/)\n/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.once("exit", (code) => reject(new Error(`toolwright dev exited (${code}) before printing its address`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function round(args: string[], module: string, browser: BrowserContext | undefined): Promise<Round> {
  const started = performance.now();
  const since = () => Math.round((performance.now() - started) * 10) / 10;
  const child = spawn(process.execPath, [...args, "dev", module, "--no-open"], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const url = await addressOf(child);
    const printed = since();
    const [page, state] = await Promise.all([fetch(url), fetch(`${url}api/state`)]);
    if (page.status !== 200 || state.status !== 200)
      throw new Error(`the page answered ${page.status}/${state.status}`);
    await Promise.all([page.text(), state.text()]);
    const answers = since();
    if (!browser) return { url: printed, answers };
    const tab = await browser.newPage();
    await tab.goto(url);
    await tab.waitForSelector("body[data-ready=true]");
    const interactive = since();
    await tab.close();
    return { url: printed, answers, interactive };
  } finally {
    await stop(child);
  }
}

const summary = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
};

const args = command();
const profile = mkdtempSync(join(tmpdir(), "toolwright-bench-chromium-"));
const browser = existsSync(CHROMIUM)
  ? await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    })
  : undefined;
if (!browser) process.stderr.write(`no Chromium at ${CHROMIUM}: the interactive column is left out\n`);
const results: Record<string, ReturnType<typeof summarize>> = {};
function summarize(runs: readonly Round[]) {
  return {
    url: summary(runs.map((r) => r.url)),
    answers: summary(runs.map((r) => r.answers)),
    ...(runs[0]?.interactive === undefined ? {} : { interactive: summary(runs.map((r) => r.interactive!)) }),
  };
}
try {
  for (const module of modules) {
    // One round not kept: it warms the OS file cache (and tsx's cache with --source).
    await round(args, module, browser);
    const runs: Round[] = [];
    for (let i = 0; i < rounds; i++) runs.push(await round(args, module, browser));
    results[module] = summarize(runs);
  }
} finally {
  await browser?.close();
  rmSync(profile, { recursive: true, force: true });
}

if (values.json) {
  console.log(JSON.stringify({ command: values.source ? "source" : "built", rounds, results }, null, 2));
} else {
  const cell = (s: { median: number; min: number; max: number } | undefined) =>
    s ? `${s.median} ms (${s.min}–${s.max})` : "—";
  console.log(`toolwright dev, ${values.source ? "from source (tsx)" : "built"}, median (min–max) of ${rounds} rounds`);
  console.log(["module", "url printed", "page answers", "interactive"].join(" | "));
  for (const [module, r] of Object.entries(results)) {
    console.log([module, cell(r.url), cell(r.answers), cell(r.interactive)].join(" | "));
  }
}
