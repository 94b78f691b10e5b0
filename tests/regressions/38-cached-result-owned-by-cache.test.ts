// Issue 38: a memory cache hit handed out the very object the handler returned, so whoever changed it (the caller of
// a hit, or the handler keeping its own value) changed what every later hit answered. The cache now keeps a frozen
// copy: the next hit answers what was kept, and changing a hit's content is a TypeError (these modules are strict).
import { BaseAgent, ToolRegistry, content, image, p, tool } from "toolwright";

const PNG = "iVBORw0KGgo=";

class Inventory extends BaseAgent {
  static override agentName = "cache_owned_inventory";
  // The handler's own value, which it goes on changing after answering with it.
  readonly stock = { sku: "a1", count: 3, bins: [{ id: "b1", count: 3 }] };
  runs = 0;

  @tool({ description: "Read the stock", params: { sku: p.string() }, readOnly: true, cache: { ttlMs: 60_000 } })
  read({ sku }: { sku: string }) {
    this.runs += 1;
    return sku === this.stock.sku ? this.stock : undefined;
  }

  @tool({ description: "Show the shelf", params: { shelf: p.string() }, readOnly: true, cache: { ttlMs: 60_000 } })
  shelf({ shelf }: { shelf: string }) {
    return content(`shelf ${shelf}`, image({ data: PNG, mimeType: "image/png" }));
  }
}

describe("a memory cache hit (issue 38)", () => {
  it("answers what was kept, whatever the handler does to its own value after the call", async () => {
    const agent = new Inventory({ registry: new ToolRegistry() });
    const first = await agent.callTool("read", { sku: "a1" });
    // The call that ran hands out the handler's value itself, unfrozen, as any call does.
    expect(first.content).toBe(agent.stock);
    agent.stock.count = 0;
    agent.stock.bins[0]!.count = 0;
    const hit = await agent.callTool("read", { sku: "a1" });
    expect(hit).toMatchObject({ cached: true, content: { sku: "a1", count: 3, bins: [{ id: "b1", count: 3 }] } });
    expect(agent.runs).toBe(1);
  });

  it("is frozen: a caller changing a hit's content throws, and the next hit answers the same", async () => {
    const agent = new Inventory({ registry: new ToolRegistry() });
    await agent.callTool("read", { sku: "a1" });
    const hit = await agent.callTool("read", { sku: "a1" });
    const stock = hit.content as { count: number; bins: { count: number }[] };
    expect(() => {
      stock.count = 99;
    }).toThrow(TypeError);
    expect(() => {
      stock.bins[0]!.count = 99;
    }).toThrow(TypeError);
    expect(() => stock.bins.push({ count: 1 })).toThrow(TypeError);
    // The hit's own fields are its own: another call id, and a field a caller adds stays on that result.
    (hit as { note?: string }).note = "mine";
    const next = await agent.callTool("read", { sku: "a1" }, { callId: "next" });
    expect(next).toMatchObject({ cached: true, callId: "next", content: { count: 3, bins: [{ count: 3 }] } });
    expect(next).not.toHaveProperty("note");
    expect(agent.runs).toBe(1);
  });

  it("keeps rich content as parts: the hit renders as the run did", async () => {
    const agent = new Inventory({ registry: new ToolRegistry() });
    const first = await agent.callTool("shelf", { shelf: "s1" });
    const hit = await agent.callTool("shelf", { shelf: "s1" });
    expect(hit.cached).toBe(true);
    // toolwright's parts are frozen and recognised by a hidden brand: kept as they are, not copied as plain data.
    expect(hit.content).toBe(first.content);
  });
});
