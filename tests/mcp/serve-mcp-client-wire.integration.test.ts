// A tool's `context.client` on the raw 2026-07-28 wire (what the official client hides): the keyed inputRequests and
// the signed requestState of each round, refused tampered or foreign state, re-requested missing answers.
import { ToolRegistry } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { rpc } from "../support/raw-mcp-2026.js";
import { DeskAgent, FULL, runs } from "./desk-agent.js";

jest.setTimeout(30_000);

/** One raw 2026-07-28 `tools/call`, to see (and tamper with) what the client hides: inputRequests, requestState. */
const rawCall = (url: string, params: Record<string, unknown>, capabilities: object = FULL) =>
  rpc(url, "tools/call", params, { capabilities });

describe("context.client on the 2026-07-28 wire", () => {
  let server: HttpMcpServerHandle;

  beforeAll(async () => {
    server = await serveMcp(new DeskAgent({ registry: new ToolRegistry() }), { transport: "http" });
  });
  afterAll(() => server?.close());

  const accepted = { action: "accept", content: { name: "Ada" } };

  it("answers input_required with the handler's keyed requests and a requestState, then completes", async () => {
    const first = await rawCall(server.url, { name: "book", arguments: { city: "Rome" } });
    expect(first.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { who: { method: "elicitation/create", params: { message: "Who?" } } },
    });
    expect(typeof first.result!.requestState).toBe("string");
    const second = await rawCall(server.url, {
      name: "book",
      arguments: { city: "Rome" },
      inputResponses: { who: accepted },
      requestState: first.result!.requestState,
    });
    expect(Object.keys(second.result!.inputRequests as object).sort()).toEqual(["roots-1", "sample-1"]);
    const third = await rawCall(server.url, {
      name: "book",
      arguments: { city: "Rome" },
      inputResponses: {
        "sample-1": { role: "assistant", content: { type: "text", text: "ok" }, model: "m" },
        "roots-1": { roots: [] },
      },
      requestState: second.result!.requestState,
    });
    expect(third.result).toMatchObject({
      resultType: "complete",
      content: [{ text: "booked Rome for Ada (m, 0 roots)" }],
    });
  });

  it("refuses a tampered requestState with -32602 before the handler runs", async () => {
    runs.clear();
    const first = await rawCall(server.url, { name: "greet", arguments: { greeting: "Hi" } });
    const retry = await rawCall(server.url, {
      name: "greet",
      arguments: { greeting: "Hi" },
      inputResponses: { "elicit-1": accepted },
      requestState: `${String(first.result!.requestState)}x`,
    });
    expect(retry.error?.code).toBe(-32602);
    expect(runs.get("greet")).toHaveLength(1);
  });

  it("refuses a requestState given for other arguments or another tool with -32602", async () => {
    const first = await rawCall(server.url, { name: "greet", arguments: { greeting: "Hi" } });
    const state = first.result!.requestState;
    const responses = { "elicit-1": accepted };
    const otherArgs = await rawCall(server.url, {
      name: "greet",
      arguments: { greeting: "Bye" },
      inputResponses: responses,
      requestState: state,
    });
    expect(otherArgs.error).toMatchObject({ code: -32602, message: expect.stringContaining("another call") });
    const otherTool = await rawCall(server.url, { name: "roots", arguments: {}, requestState: state });
    expect(otherTool.error?.code).toBe(-32602);
  });

  it("asks again for an answer that is missing or malformed instead of failing", async () => {
    const wrongKey = await rawCall(server.url, {
      name: "greet",
      arguments: { greeting: "Hi" },
      inputResponses: { other: accepted },
    });
    expect(wrongKey.result).toMatchObject({ resultType: "input_required", inputRequests: { "elicit-1": {} } });
    const malformed = await rawCall(server.url, {
      name: "greet",
      arguments: { greeting: "Hi" },
      inputResponses: { "elicit-1": 12345 },
    });
    expect(malformed.result?.resultType).toBe("input_required");
  });

  it("survives a handler that leaves one of its requests unawaited", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    const first = await rawCall(server.url, { name: "hasty", arguments: {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.off("unhandledRejection", onUnhandled);
    // The round ended both requests; the one nobody awaited must not surface as an unhandled rejection.
    expect(unhandled).toEqual([]);
    expect(Object.keys(first.result!.inputRequests as object).sort()).toEqual(["ignored", "name"]);
    const second = await rawCall(server.url, {
      name: "hasty",
      arguments: {},
      inputResponses: { name: accepted },
      requestState: first.result!.requestState,
    });
    // The roots request is still unanswered, but the handler no longer waits for it: the call completes.
    expect(second.result).toMatchObject({ resultType: "complete", content: [{ text: "Ada" }] });
  });

  it("declines: the handler reads the user's refusal on its next run", async () => {
    const first = await rawCall(server.url, { name: "greet", arguments: { greeting: "Hi" } });
    const second = await rawCall(server.url, {
      name: "greet",
      arguments: { greeting: "Hi" },
      inputResponses: { "elicit-1": { action: "decline" } },
      requestState: first.result!.requestState,
    });
    expect(second.result).toMatchObject({ content: [{ text: "no (decline)" }] });
  });

  it("keeps no call's client once its request is answered, a round's abandoned run included", async () => {
    await rawCall(server.url, { name: "book", arguments: { city: "Lima" } });
    await rawCall(server.url, {
      name: "greet",
      arguments: { greeting: "Hi" },
      inputResponses: { "elicit-1": accepted },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const table = (globalThis as Record<symbol, Map<string, unknown> | undefined>)[
      Symbol.for("toolwright.toolClients")
    ];
    expect(table?.size).toBe(0);
  });
});
