// `npx tsx bench/call-path.ts`: which toolwright functions and files one warm call enters, and how many toolwright
// frames deep its handler runs (docs/architecture.md quotes the counts), for a plain call and for the same call with
// one `after` listener, a time limit, or a session (what each adds to the plain call), and for a cache hit of the same
// tool with `cache: { ttlMs }` (its handler does not run: no frames). V8's precise coverage counts calls per
// function; the counts are reset after warm-up, so only the measured call is seen.
import { Session } from "node:inspector/promises";
import { BaseAgent, type RuntimeOptions, ToolRegistry, p, tool } from "../src/index.js";

let frames = 0;
class Calculator extends BaseAgent {
  static override agentName = "path_calculator";

  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() }, readOnly: true })
  add({ a, b }: { a: number; b: number }): number {
    if (frames === 0) frames = (new Error().stack ?? "").split("\n").filter((line) => line.includes("/src/")).length;
    return a + b;
  }

  @tool({
    description: "Add two numbers, cached",
    params: { a: p.number(), b: p.number() },
    readOnly: true,
    cache: { ttlMs: 3_600_000 },
  })
  cachedAdd({ a, b }: { a: number; b: number }): number {
    return a + b;
  }
}

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });

interface Path {
  readonly entered: Map<string, string[]>;
  readonly functions: number;
}

async function measure(
  label: string,
  options: RuntimeOptions,
  listen: boolean,
  inSession?: string,
  toolName = "add",
): Promise<Path> {
  const agent = new Calculator({ registry: new ToolRegistry(), ...options });
  if (listen) agent.on("after", () => {});
  // In a session the repeat guard counts identical calls in a row: the warm-up alternates its arguments, so the
  // measured call runs (a streak of one) rather than being refused.
  const callOptions = inSession === undefined ? undefined : { session: inSession };
  for (let i = 0; i < 1_000; i++) {
    await agent.callTool(toolName, inSession === undefined ? '{"a":1,"b":2}' : `{"a":${i % 2},"b":2}`, callOptions);
  }
  await session.post("Profiler.takePreciseCoverage"); // resets the counts
  frames = 0;
  const result = await agent.callTool(toolName, '{"a":1,"b":2}', callOptions);
  const { result: scripts } = await session.post("Profiler.takePreciseCoverage");
  const entered = new Map<string, string[]>();
  for (const script of scripts) {
    if (!script.url.includes("/src/")) continue;
    for (const fn of script.functions) {
      if (fn.ranges[0]!.count === 0 || fn.functionName === "") continue;
      const file = script.url.slice(script.url.indexOf("/src/") + 1);
      entered.set(file, [...(entered.get(file) ?? []), fn.functionName]);
    }
  }
  const functions = [...entered.values()].reduce((sum, names) => sum + names.length, 0);
  const answered = `result ${JSON.stringify(result.content)}${result.cached === true ? ", a hit" : ""}`;
  console.log(`${label} (${answered}): ${functions} functions in ${entered.size} files;`);
  if (frames > 0) console.log(`  the handler runs ${frames - 1} toolwright frames deep`);
  for (const [file, names] of entered) console.log(`  ${file}: ${names.join(", ")}`);
  return { entered, functions };
}

// What a variant enters that the plain call does not: functions (by file and name) and files.
function added(label: string, plain: Path, other: Path): void {
  const names = (path: Path) => [...path.entered].flatMap(([file, fns]) => fns.map((fn) => `${file}:${fn}`));
  const known = new Set(names(plain));
  const functions = names(other).filter((name) => !known.has(name));
  const files = [...other.entered.keys()].filter((file) => !plain.entered.has(file));
  console.log(`${label} adds ${functions.length} functions and ${files.length} files to the plain call:`);
  for (const name of functions) console.log(`  ${name}`);
}

const plain = await measure("a warm plain call", {}, false);
const listened = await measure("with one `after` listener", {}, true);
const limited = await measure("with a time limit (defaultTimeoutMs)", { defaultTimeoutMs: 60_000 }, false);
const sessioned = await measure("in a session (the repeat guard)", {}, false, "conversation");
added("one `after` listener", plain, listened);
added("a time limit", plain, limited);
added("a session", plain, sessioned);
// The warm-up calls with `{"a":1,"b":2}` are hits after the first, so the measured call is one.
const hit = await measure("a cache hit (cache: { ttlMs })", {}, false, undefined, "cachedAdd");
added("a cache hit", plain, hit);
