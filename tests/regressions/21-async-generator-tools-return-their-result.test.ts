// #21: an `async *` tool method used to hand the model its generator object (`{}`) as the result, never ran past its
// first line, and a time limit left it suspended with its `finally` never run. Its return value is the result now.
import { Agent, Runner, setTracingDisabled } from "@openai/agents";
import { toOpenAIAgentsTools } from "toolwright/openai-agents";
import { BaseAgent, ToolRegistry, p, tool, type ToolProgressNotice } from "toolwright";
import { oneCallModel } from "../support/scripted-agents-model.js";

setTracingDisabled(true);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanedUp: string[] = [];

class Exporter extends BaseAgent {
  static override agentName = "exporter";

  @tool({ description: "Export rows", params: { rows: p.integer() } })
  async *exportRows({ rows }: { rows: number }) {
    for (let i = 1; i <= rows; i++) yield { progress: i, total: rows };
    return { exported: rows };
  }

  @tool({ description: "Export forever", params: {}, timeoutMs: 20 })
  async *exportForever() {
    try {
      for (;;) {
        yield { progress: 0 };
        await sleep(5);
      }
    } finally {
      cleanedUp.push("exportForever");
    }
  }
}

describe("#21 async * tools return their result", () => {
  it("makes the generator's return value the result, not the generator object", async () => {
    const agent = new Exporter({ registry: new ToolRegistry() });
    expect(await agent.callTool("exportRows", { rows: 2 })).toMatchObject({ ok: true, content: { exported: 2 } });
  });

  it("runs the generator's finally when its time limit stops it", async () => {
    cleanedUp.splice(0);
    const agent = new Exporter({ registry: new ToolRegistry() });
    expect(await agent.callTool("exportForever", {})).toMatchObject({ outcome: "timed_out" });
    await sleep(20);
    expect(cleanedUp).toEqual(["exportForever"]);
  });

  it("gives the OpenAI Agents SDK (which does not stream) the final result, while listeners hear the progress", async () => {
    const agent = new Exporter({ registry: new ToolRegistry() });
    const heard: ToolProgressNotice[] = [];
    agent.on("progress", (e) => void heard.push(e));
    const model = oneCallModel("exportRows", { rows: 2 }, { id: "c1", reply: "ok" });
    const assistant = new Agent({ name: "exporter", instructions: "Help.", model, tools: toOpenAIAgentsTools(agent) });
    await new Runner().run(assistant, "Export");
    const items = model.requests.flatMap((r) => (typeof r.input === "string" ? [] : r.input));
    const sent = items.find((item) => item.type === "function_call_result");
    expect(JSON.stringify(sent)).toContain('{\\"exported\\":2}');
    expect(heard.map((e) => [e.callId, e.progress])).toEqual([
      ["c1", 1],
      ["c1", 2],
    ]);
  });
});
