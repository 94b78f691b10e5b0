import { BaseAgent, ToolDefinitionError, ToolRegistry, tool } from "toolwright";
import { collectUntil, gc } from "./collect-until.js";

// Issue 14 (W5): an agent is a few fields. Its id is made on first read, and the registry keeps one entry per agent
// name, held by the membership object its agents share, instead of an entry and a finalizer cell per agent.

function claims(make: () => unknown): boolean {
  try {
    make();
    return true;
  } catch (error) {
    if (!(error instanceof ToolDefinitionError)) throw error;
    return false;
  }
}

describe("agent ids", () => {
  afterEach(() => jest.restoreAllMocks());

  it("makes an agent's id on its first read, once, when the agent is constructed without one", () => {
    class Lazy extends BaseAgent {}
    const uuid = jest.spyOn(globalThis.crypto, "randomUUID");
    const agent = new Lazy({ registry: new ToolRegistry() });
    expect(uuid).not.toHaveBeenCalled();
    const id = agent.id;
    expect(agent.id).toBe(id);
    expect(uuid).toHaveBeenCalledTimes(1);
  });

  it("refuses an assignment to id when code gets around the readonly type", () => {
    class Fixed extends BaseAgent {}
    const agent = new Fixed({ registry: new ToolRegistry() });
    const id = agent.id;
    expect(() => {
      (agent as { id: string }).id = "other";
    }).toThrow(TypeError);
    expect(agent.id).toBe(id);
  });

  it("forgets an id it was shown once that agent is garbage-collected", async () => {
    const registry = new ToolRegistry();
    registry.register("open_sesame", () => 1, { description: "Guarded", allowedAgents: ["keeper"] });
    class Keeper extends BaseAgent {
      static override agentName = "keeper";
    }
    const keep = new Keeper({ registry });
    const id = (() => new Keeper({ registry }).id)();
    expect(registry.checkPermission(id, "open_sesame")).toBe(true);
    expect(await collectUntil(() => !registry.checkPermission(id, "open_sesame"))).toBe(true);
    expect(registry.checkPermission(keep.id, "open_sesame")).toBe(true);
  });
});

// Full collections of a test worker's heap take seconds each on a loaded machine; the default 5 s is not enough.
const GC_TIMEOUT_MS = 30_000;

describe("agent names", () => {
  class First extends BaseAgent {
    @tool({ description: "One" })
    one() {
      return 1;
    }
  }
  class Second extends BaseAgent {
    @tool({ description: "Two" })
    two() {
      return 2;
    }
  }

  it(
    "keeps a name while one of its agents lives, after the others were garbage-collected",
    async () => {
      const registry = new ToolRegistry();
      const kept = new First({ name: "held", registry });
      (() => {
        for (let i = 0; i < 100; i++) new First({ name: "held", registry });
      })();
      expect(await collectUntil(() => claims(() => new Second({ name: "held", registry })), 5)).toBe(false);
      expect(kept.toolSpecs().map((spec) => spec.name)).toEqual(["one"]);
    },
    GC_TIMEOUT_MS,
  );

  it(
    "frees a name whose last agent came between the collection of the others and their finalizer",
    async () => {
      const registry = new ToolRegistry();
      (() => new First({ name: "rejoined", registry }))();
      // A WeakRef keeps its target alive until the turn that made it ends.
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      // Same turn: the first agent is collected but the registry has not been told; a new agent joins the name.
      (() => new First({ name: "rejoined", registry }))();
      expect(await collectUntil(() => claims(() => new Second({ name: "rejoined", registry })))).toBe(true);
    },
    GC_TIMEOUT_MS,
  );

  it(
    "still frees names after a registry was collected with its own cleanup pending",
    async () => {
      let dropped: ToolRegistry | undefined = new ToolRegistry();
      (() => new First({ name: "gone", registry: dropped }))();
      await new Promise((resolve) => setImmediate(resolve));
      gc(); // the agent is collected: the registry's cleanup is due on a later turn
      dropped = undefined;
      gc(); // same turn: the registry goes too (on Node 20 this stopped every later cleanup in the process)
      const registry = new ToolRegistry();
      (() => new First({ name: "next", registry }))();
      expect(await collectUntil(() => claims(() => new Second({ name: "next", registry })))).toBe(true);
    },
    GC_TIMEOUT_MS,
  );
});

describe("agent churn", () => {
  it("keeps the heap flat when 200,000 agents are made, used and dropped", async () => {
    const registry = new ToolRegistry();
    class Churned extends BaseAgent {
      @tool({ description: "Echo", params: {}, readOnly: true })
      echo() {
        return 1;
      }
    }
    // Agents under 50 names, some showing their id and some making a call, as a server making one per request would.
    const churn = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const agent = new Churned({ name: `churn_${i % 50}`, registry });
        if (i % 10 === 0) void agent.id;
        if (i % 100 === 0) await agent.callTool("echo", {});
      }
    };
    // The lowest heap over collections until it stops falling: on a busy machine the finalizers that free a dropped
    // agent's bookkeeping run turns later, which a fixed three collections read as growth. A leak never falls.
    const heapAfter = async (count: number) => {
      await churn(count);
      let lowest = Infinity;
      let rounds = 0;
      await collectUntil(() => {
        const used = process.memoryUsage().heapUsed;
        const falling = used < lowest - 64_000;
        lowest = Math.min(lowest, used);
        return ++rounds >= 3 && !falling;
      }, 20);
      return lowest;
    };
    const warm = await heapAfter(20_000);
    const later = await heapAfter(180_000);
    // A leak of even 100 bytes an agent would be 18 MB here.
    expect(later - warm).toBeLessThan(4_000_000);
  }, 60_000);
});
