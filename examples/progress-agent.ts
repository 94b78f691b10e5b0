// Progress from long tools (docs/results.md#progress): an `async *` job that yields progress and returns its
// result, one that fails half way (its result says how far it got), and one that outlives its time limit and goes on
// as a background task whose status shows its progress.
import { BaseAgent, type ToolProgressEvent, type ToolRegistry, p, tool } from "toolwright";
import { heading, showCall, step } from "./demo-story.js";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An agent whose tools are long jobs that report how far they have got. */
export class ImportAgent extends BaseAgent {
  static override agentName = "import_agent";

  @tool({ description: "Import a CSV file row by row", params: { rows: p.integer({ minimum: 1 }) } })
  async *importCsv({ rows }: { rows: number }) {
    for (let row = 1; row <= rows; row++) {
      await pause(5); // the real work: parse and store one row
      yield { progress: row, total: rows, message: `row ${row} of ${rows}` };
    }
    return { imported: rows };
  }

  @tool({ description: "Import a CSV file whose row 3 is broken", params: {} })
  async *importBroken() {
    for (let row = 1; row <= 5; row++) {
      if (row === 3) throw new Error(`row ${row}: unterminated quote`);
      yield { progress: row, total: 5 };
    }
    return { imported: 5 };
  }

  @tool({ description: "Rebuild the search index", params: {}, timeoutMs: 20, onTimeout: "background" })
  async *reindex() {
    for (let shard = 1; shard <= 4; shard++) {
      await pause(15);
      yield { progress: shard, total: 4, message: `shard ${shard} of 4` };
    }
    return "index rebuilt";
  }
}

const line = (e: ToolProgressEvent) =>
  `   progress ${e.toolName} ${e.callId}: ${e.progress}${e.total === undefined ? "" : `/${e.total}`}` +
  (e.message ? ` (${e.message})` : "");

/** Prints the section: progress lines as they come, a failure with the progress reached, a background task. */
export async function progressDemo(registry: ToolRegistry): Promise<void> {
  heading(
    "Progress from long tools: async * methods yield it, listeners and onProgress receive it (docs/results.md#progress)",
  );
  const agent = new ImportAgent({ registry });
  const result = await agent.callTool("importCsv", { rows: 3 }, { callId: "call_i", onProgress: (e) => step(line(e)) });
  showCall("importCsv", { rows: 3 }, result, "onProgress printed each line above");

  const broken = await agent.callTool("importBroken", {}, { callId: "call_b" });
  showCall("importBroken", {}, broken, `failed at progress ${JSON.stringify(broken.progress)}`);

  const off = agent.on("progress", (e) => step(`${line(e)}${e.taskId ? "   [background task]" : ""}`));
  const handedOff = await agent.callTool("reindex", {}, { callId: "call_r" });
  showCall("reindex", {}, handedOff, "timeoutMs: 20, onTimeout: background");
  await pause(40);
  step(`agent.tasks.get(...).progress = ${JSON.stringify(agent.tasks.get(handedOff.taskId!)?.progress)}`);
  showCall("reindex", {}, await agent.tasks.wait(handedOff.taskId!), "the task's final result");
  off();
}
