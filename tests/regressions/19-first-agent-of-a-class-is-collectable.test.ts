import { BaseAgent, ToolRegistry, tool } from "toolwright";
import { collectUntil } from "./collect-until.js";

// Issue 19's definitions pass tried keeping the stack trace a class's origin is read from (registry/class-origin.ts)
// unformatted until a second class claims the name. V8's recorded frames hold each frame's receiver, so the trace
// kept the first agent of every class alive for as long as the class lived, and with it the name's membership.

describe("the first agent of a class", () => {
  it("is garbage-collected once the app drops it, though no other class ever claimed its name", async () => {
    class Probe extends BaseAgent {
      static override agentName = "probe_first_agent";
      @tool({ description: "One" })
      one() {
        return 1;
      }
    }
    const registry = new ToolRegistry();
    const ref = (() => new WeakRef(new Probe({ registry })))();
    expect(await collectUntil(() => ref.deref() === undefined)).toBe(true);
  });
});
