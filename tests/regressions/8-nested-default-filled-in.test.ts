import { BaseAgent, ToolRegistry, p, tool } from "toolwright";

// Findings of the issue-8 review, each pinned by a behaviour a user relies on.

describe("nested defaults", () => {
  it("fills a .default() declared inside a nested p.object() when the model leaves the key out", async () => {
    class Planner extends BaseAgent {
      static override agentName = "planner";
      @tool({
        description: "Plan a trip",
        params: {
          trip: p.object({ city: p.string(), nights: p.integer({ minimum: 1 }).default(2) }),
          legs: p.array(p.object({ mode: p.enum(["train", "bus"]).default("train") })),
        },
      })
      plan(args: { trip: { city: string; nights: number }; legs: { mode: "train" | "bus" }[] }) {
        return args;
      }
    }
    const result = await new Planner({ registry: new ToolRegistry() }).callTool("plan", {
      trip: { city: "Lyon" },
      legs: [{}, { mode: "bus" }],
    });
    expect(result.content).toEqual({ trip: { city: "Lyon", nights: 2 }, legs: [{ mode: "train" }, { mode: "bus" }] });
  });
});
