import { BaseAgent, ErrorCode, ToolRegistry, type ToolEvent, content, image, p, tool } from "toolwright";
import { type Deferred, deferred, useFakeClock } from "../dispatch/runtime-helpers.js";

// A tool that hands off to a background task at its deadline used to have its late value stored unchecked: a value
// that broke `returns` came back as a success from tasks.wait and the task status, and toModelOutput never ran.

beforeEach(useFakeClock);
afterEach(() => jest.useRealTimers());

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

function makeAgent() {
  const gates: Deferred<unknown>[] = [];
  const wait = () => {
    const gate = deferred<unknown>();
    gates.push(gate);
    return gate.promise;
  };
  class Reporter extends BaseAgent {
    @tool({
      description: "Builds a report",
      params: { topic: p.string() },
      returns: { topic: p.string(), pages: p.integer() },
      timeoutMs: 1_000,
      onTimeout: "background",
    })
    async report(): Promise<{ topic: string; pages: number }> {
      return (await wait()) as { topic: string; pages: number };
    }

    @tool({
      description: "Renders a chart",
      returns: { label: p.string(), png: p.string() },
      toModelOutput: (value: { label: string; png: string }) =>
        content(value.label, image({ data: value.png, mimeType: "image/png" })),
      timeoutMs: 1_000,
      onTimeout: "background",
    })
    async chart(): Promise<{ label: string; png: string }> {
      return (await wait()) as { label: string; png: string };
    }
  }
  return { agent: new Reporter({ registry: new ToolRegistry() }), gates };
}

async function handOff(agent: BaseAgent, name: string, args: Record<string, unknown> = {}) {
  const pending = agent.callTool(name, args);
  await jest.advanceTimersByTimeAsync(1_000);
  const result = await pending;
  expect(result.outcome).toBe("backgrounded");
  return result.taskId!;
}

describe("#21 a background task's result is checked against returns", () => {
  it("stores INVALID_RESULT on the task, with the issues, for a late value that breaks returns", async () => {
    const { agent, gates } = makeAgent();
    const errors: ToolEvent[] = [];
    agent.on("error", (event) => void errors.push(event));
    const taskId = await handOff(agent, "report", { topic: "sales" });
    gates[0]!.resolve({ topic: "sales", pages: "twelve" });
    const final = await agent.tasks.wait(taskId);
    expect(final).toMatchObject({ ok: false, outcome: "failed", taskId, error: { code: ErrorCode.InvalidResult } });
    expect(final.error?.message).toContain("/pages");
    expect(agent.tasks.get(taskId)).toMatchObject({ status: "failed", result: { error: { code: "INVALID_RESULT" } } });
    // The error event carries what the handler returned and the issues, as for a call that did not hand off.
    await jest.advanceTimersByTimeAsync(0);
    expect(errors.at(-1)?.error).toMatchObject({
      value: { topic: "sales", pages: "twelve" },
      issues: [expect.objectContaining({ path: "/pages" })],
    });
  });

  it("stores a valid late value as a success", async () => {
    const { agent, gates } = makeAgent();
    const taskId = await handOff(agent, "report", { topic: "sales" });
    gates[0]!.resolve({ topic: "sales", pages: 12 });
    expect(await agent.tasks.wait(taskId)).toMatchObject({ ok: true, content: { topic: "sales", pages: 12 } });
    expect(agent.tasks.get(taskId)?.status).toBe("succeeded");
  });

  it("runs toModelOutput on a late value, so the task's result carries the model's form", async () => {
    const { agent, gates } = makeAgent();
    const taskId = await handOff(agent, "chart");
    gates[0]!.resolve({ label: "Sales", png: PNG });
    const final = await agent.tasks.wait(taskId);
    expect(final).toMatchObject({ ok: true, content: { label: "Sales", png: PNG } });
    expect(final.ok && final.modelContent).toEqual(content("Sales", image({ data: PNG, mimeType: "image/png" })));
  });
});
