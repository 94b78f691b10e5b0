// `npm run bench:grants` (tsx bench/grants.ts): what a remembered approval costs, as a ratio in one run: a call that
// needs approval and runs under a session grant (the gate reads the tool's grants by key, the last stage reads the
// grant again) against a plain call of the same tool without an approval rule, both on the agent's own memory store.
// `--json` prints the raw numbers; `--smoke` runs a few rounds only, to check that it runs (its figures mean nothing).
import { loadavg } from "node:os";
import { BaseAgent, ToolRegistry, p, tool } from "../src/index.js";
import { type MeasureOptions, compare } from "./measure.js";
import { type Row, formatNs, renderTable } from "./table.js";

const json = process.argv.includes("--json");
const smoke = process.argv.includes("--smoke");

class Ops extends BaseAgent {
  static override agentName = "bench_grants_ops";

  @tool({ description: "Restart", params: { service: p.string() }, repeat: false })
  restart({ service }: { service: string }): string {
    return service;
  }

  @tool({ description: "Restart, approved", params: { service: p.string() }, requiresApproval: true, repeat: false })
  gatedRestart({ service }: { service: string }): string {
    return service;
  }
}

const agent = new Ops({ registry: new ToolRegistry() });
const args = { service: "web-1" };
const asked = await agent.callTool("gatedRestart", args, { session: "bench" });
await agent.approvals.approve(asked.approvalId!, { remember: "session", when: { service: { prefix: "web-" } } });
const granted = await agent.callTool("gatedRestart", args, { session: "bench" });
if (granted.grant === undefined) throw new Error(`the grant did not cover the call: ${JSON.stringify(granted)}`);

const options: MeasureOptions = smoke
  ? { warmup: 50, iterations: 20, rounds: 3 }
  : { warmup: 20_000, iterations: 5_000, rounds: 21 };
// Each measured call must have run (a refusal or a pending approval would make the row meaningless).
for (const name of ["gatedRestart", "restart"]) {
  const result = await agent.callTool(name, args, { session: "bench" });
  if (!result.ok) throw new Error(`${name} did not run: ${JSON.stringify(result)}`);
}
const underGrant = await compare(
  () => agent.callTool("gatedRestart", args, { session: "bench" }),
  () => agent.callTool("restart", args, { session: "bench" }),
  options,
);

if (json) {
  console.log(JSON.stringify({ node: process.version, loadAverage1m: loadavg()[0], underGrant }));
} else {
  const rows: Row[] = [
    {
      measure: "a call under a session grant (requiresApproval, prefix condition) vs a plain call of the same tool",
      toolwright: formatNs(underGrant.subject.medianNs),
      floor: formatNs(underGrant.floor.medianNs),
      ratio: underGrant.ratio,
    },
  ];
  console.log(renderTable(rows));
  console.log(`node ${process.version}, load average ${loadavg()[0]?.toFixed(2)} at the end`);
}
