import { Agent, RunState, Runner, setTracingDisabled } from "@openai/agents";
import { toOpenAIAgentsTools } from "toolwright/openai-agents";
import { makeTravelAgent } from "../adapter-agent.js";
import { oneCallModel } from "../../support/scripted-agents-model.js";

setTracingDisabled(true);

describe("toOpenAIAgentsTools", () => {
  it("runs the handler with the SDK's call id and sends the result to the model when the model calls a tool", async () => {
    const { agent, seen } = makeTravelAgent();
    const model = oneCallModel("forecast", { city: "Paris" });
    const assistant = new Agent({ name: "travel", instructions: "Help.", model, tools: toOpenAIAgentsTools(agent) });

    const result = await new Runner().run(assistant, "Weather in Paris?");

    expect(seen).toEqual([
      expect.objectContaining({ tool: "forecast", args: { city: "Paris", days: 1 }, callId: "call-1" }),
    ]);
    expect(JSON.parse(model.lastOutputText)).toEqual({ city: "Paris", days: 1, sky: "sunny" });
    expect(result.finalOutput).toBe("done");
  });

  it("sends INVALID_ARGUMENTS text to the model when the arguments are invalid", async () => {
    const { agent, seen } = makeTravelAgent();
    const model = oneCallModel("forecast", { city: 7, days: 30 });
    const assistant = new Agent({ name: "travel", instructions: "Help.", model, tools: toOpenAIAgentsTools(agent) });

    await new Runner().run(assistant, "Weather?");

    expect(seen).toEqual([]);
    expect(model.lastOutputText).toMatch(/^Error \(INVALID_ARGUMENTS\): .*\/city/);
  });

  it("interrupts for approval and runs the call once after the resumed state is approved", async () => {
    const { agent, seen } = makeTravelAgent();
    const model = oneCallModel("cancel_booking", { bookingId: "B-7" });
    const assistant = new Agent({ name: "travel", instructions: "Help.", model, tools: toOpenAIAgentsTools(agent) });
    const runner = new Runner();

    const first = await runner.run(assistant, "Cancel B-7");
    expect(first.interruptions).toHaveLength(1);
    expect(first.interruptions[0]?.rawItem).toMatchObject({ name: "cancel_booking", arguments: '{"bookingId":"B-7"}' });
    expect(seen).toEqual([]);

    // The state survives serialisation, as it would between two requests of a web app.
    const state = await RunState.fromString(assistant, first.state.toString());
    state.approve(state.getInterruptions()[0]!);
    const second = await runner.run(assistant, state);

    expect(seen).toEqual([
      expect.objectContaining({ tool: "cancel_booking", args: { bookingId: "B-7" }, callId: "call-1" }),
    ]);
    expect(agent.approvals.pending()).toEqual([]);
    expect(model.lastOutputText).toBe("Booking B-7 cancelled.");
    expect(second.finalOutput).toBe("done");
  });

  it("never runs the handler when the approval is rejected", async () => {
    const { agent, seen } = makeTravelAgent();
    const model = oneCallModel("cancel_booking", { bookingId: "B-8" });
    const assistant = new Agent({ name: "travel", instructions: "Help.", model, tools: toOpenAIAgentsTools(agent) });
    const runner = new Runner();
    const first = await runner.run(assistant, "Cancel B-8");

    first.state.reject(first.interruptions[0]!);
    await runner.run(assistant, first.state);

    expect(seen).toEqual([]);
    expect(agent.approvals.pending()).toEqual([]);
  });

  it("gives strict mutable parameters and deferLoading for deferred tools", () => {
    const { agent } = makeTravelAgent();
    const tools = toOpenAIAgentsTools(agent);
    const forecast = tools.find((t) => t.name === "forecast")!;

    expect(forecast.strict).toBe(true);
    expect(forecast.parameters).toMatchObject({ additionalProperties: false, required: ["city", "days"] });
    expect(Object.isFrozen(forecast.parameters)).toBe(false);
    expect(tools.find((t) => t.name === "archive_search")?.deferLoading).toBe(true);
    expect(forecast.deferLoading).toBe(false);
  });
});
