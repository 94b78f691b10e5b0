import { z } from "zod";
import { ToolRegistry } from "toolwright";

describe("ToolRegistry.dispatch of a Standard Schema tool with a transform", () => {
  it("validates once, so the handler gets the transformed value", async () => {
    const registry = new ToolRegistry();
    registry.register("len", ({ when }: { when: number }) => when, {
      description: "Length",
      params: z.object({ when: z.string().transform((s) => s.length) }),
    });
    expect((await registry.dispatch("len", { when: "abcd" })).content).toBe(4);
  });
});
