import { BaseAgent, type BaseAgentOptions, ToolRegistry, p, tool } from "../../src/index.js";

/** A calculator agent, with a tool that needs approval, and a registry with one shared tool it may and one it may not use. */
export function makeCalcAgent(options: Omit<BaseAgentOptions, "registry"> = {}) {
  const registry = new ToolRegistry();
  registry.register("add", ({ a, b }: { a: number; b: number }) => a + b, {
    description: "Add two numbers",
    params: { a: p.number(), b: p.number() },
    allowedAgents: ["calc_agent"],
  });
  registry.register("shutdown", () => "shut down", {
    description: "Shut the system down",
    allowedAgents: ["admin_agent"],
  });

  class CalcAgent extends BaseAgent {
    static override agentName = "calc_agent";

    @tool({ description: "Multiply two numbers", params: { a: p.number(), b: p.number() }, readOnly: true })
    multiply({ a, b }: { a: number; b: number }) {
      return { product: a * b };
    }

    @tool({ description: "Divide a by b", params: { a: p.number(), b: p.number() } })
    divide({ a, b }: { a: number; b: number }) {
      if (b === 0) throw new Error("division by zero");
      return a / b;
    }

    @tool({ description: "Clear the memory", requiresApproval: true, destructive: true })
    reset() {
      return "memory cleared";
    }

    @tool({
      name: "start-notification-stream",
      description: "Pretend to start a stream of notifications",
      params: { interval: p.integer({ minimum: 1 }), count: p.integer({ minimum: 1 }) },
    })
    startStream({ interval, count }: { interval: number; count: number }) {
      return `would send ${count} notifications every ${interval} ms`;
    }
  }
  return { registry, agent: new CalcAgent({ ...options, registry }) };
}
