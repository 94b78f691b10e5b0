import { ToolRegistry, p } from "toolwright";

describe("adding a tool object taken from another registry", () => {
  it("keeps its description, guidelines and snippet once", () => {
    const a = new ToolRegistry();
    a.register("add", ({ x, y }: { x: number; y: number }) => x + y, {
      description: "Add",
      params: { x: p.number(), y: p.number() },
      guidelines: "Use for sums.",
      snippet: "add({ x: 1, y: 2 })",
    });
    const b = new ToolRegistry();
    b.add(a.get("add"));
    expect(b.specs()[0]?.description).toBe(a.specs()[0]?.description);
    expect(b.specs()[0]?.description).toBe("Add\n\nUse for sums.\n\nExample: add({ x: 1, y: 2 })");
  });
});
