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

// The churn case, which measures the whole heap, runs in a process of its own: 14-agent-heap-churn.integration.test.ts.
