// `npx tsx bench/call-path.ts`: which toolwright functions and files one warm plain call enters, and how many
// toolwright frames deep its handler runs (docs/architecture.md quotes the counts). V8's precise coverage counts
// calls per function; the counts are reset after warm-up, so only the measured call is seen.
import { Session } from "node:inspector/promises";
import { BaseAgent, ToolRegistry, p, tool } from "../src/index.js";

let frames = 0;
class Calculator extends BaseAgent {
  static override agentName = "path_calculator";

  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() }, readOnly: true })
  add({ a, b }: { a: number; b: number }): number {
    if (frames === 0) frames = (new Error().stack ?? "").split("\n").filter((line) => line.includes("/src/")).length;
    return a + b;
  }
}

const agent = new Calculator({ registry: new ToolRegistry() });
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
for (let i = 0; i < 1_000; i++) await agent.callTool("add", '{"a":1,"b":2}');
await session.post("Profiler.takePreciseCoverage"); // resets the counts
frames = 0;
const result = await agent.callTool("add", '{"a":1,"b":2}');
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
console.log(`result: ${JSON.stringify(result.content)}`);
console.log(`${functions} functions in ${entered.size} files; the handler runs ${frames - 1} toolwright frames deep`);
for (const [file, names] of entered) console.log(`  ${file}: ${names.join(", ")}`);
