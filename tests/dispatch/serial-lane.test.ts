import { BaseAgent, ToolRegistry, tool } from "toolwright";
import { SerialLane, runsInParallel } from "../../src/dispatch/serial-lane.js";
import { deferred, flush, track } from "./runtime-helpers.js";

describe("SerialLane", () => {
  it("admits waiting callers one at a time in arrival order when the lane is left", async () => {
    const lane = new SerialLane();
    expect(lane.tryEnter()).toBe(true);
    expect(lane.tryEnter()).toBe(false);
    const order: string[] = [];
    const second = lane.enter().then(() => order.push("second"));
    const third = lane.enter().then(() => order.push("third"));
    expect(lane.waiting).toBe(2);
    lane.leave();
    await second;
    expect(order).toEqual(["second"]);
    lane.leave();
    await third;
    expect(order).toEqual(["second", "third"]);
    lane.leave();
    expect(lane.tryEnter()).toBe(true);
  });

  it("drops a waiting caller at once when its signal aborts", async () => {
    const lane = new SerialLane();
    lane.tryEnter();
    const controller = new AbortController();
    const waiting = lane.enter(controller.signal);
    controller.abort();
    expect(await waiting).toBe(false);
    expect(lane.waiting).toBe(0);
    lane.leave();
    expect(lane.tryEnter()).toBe(true);
  });
});

describe("runsInParallel", () => {
  it.each([
    [{}, false],
    [{ readOnly: true }, true],
    [{ concurrencySafe: true }, true],
    [{ executionMode: "parallel" as const }, true],
    [{ readOnly: true, executionMode: "serial" as const }, false],
  ])("classifies %j as parallel: %s", (flags, expected) => {
    expect(runsInParallel(flags)).toBe(expected);
  });
});

describe("serial calls of one agent", () => {
  it("cancels a queued call at once when its signal aborts while another serial call hangs", async () => {
    const hang = deferred<string>();
    const ran: string[] = [];
    class Writer extends BaseAgent {
      @tool({ description: "Hangs" })
      stuck() {
        ran.push("stuck");
        return hang.promise;
      }
      @tool({ description: "Writes" })
      write() {
        ran.push("write");
        return "written";
      }
    }
    const agent = new Writer({ registry: new ToolRegistry() });
    const first = track(agent.callTool("stuck", {}));
    const controller = new AbortController();
    const queued = agent.callTool("write", {}, { signal: controller.signal });
    await flush();
    controller.abort("user gave up");
    expect(await queued).toMatchObject({ outcome: "cancelled" });
    expect(ran).toEqual(["stuck"]);
    hang.resolve("done");
    await flush();
    expect(first.value?.ok).toBe(true);
    expect((await agent.callTool("write", {})).ok).toBe(true);
  });
});
