import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BaseAgent, ToolDefinitionError, ToolRegistry, toolRegistry } from "toolwright";
import { classOriginOf, isSameClassAgain } from "../../src/registry/class-origin.js";

type AgentModule = { CalcAgent: new (options?: { registry?: ToolRegistry }) => BaseAgent };

// A fresh module registry per load, so the fixture's class is evaluated again: a new class object each time.
function load(path: string): AgentModule {
  let loaded: AgentModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<AgentModule>(path);
  });
  return loaded!;
}

describe("ToolRegistry agent classes", () => {
  it("lets a re-evaluated class of the same module replace the old one when the module is loaded again", async () => {
    const first = load("../fixtures/reloadable-agent");
    const second = load("../fixtures/reloadable-agent");
    expect(second.CalcAgent).not.toBe(first.CalcAgent);
    const old = new first.CalcAgent();
    const fresh = new second.CalcAgent();
    expect(fresh.name).toBe("reloadable_calc");
    expect((await fresh.callTool("add", { a: 2, b: 3 })).content).toBe(5);
    expect((await old.callTool("add", { a: 1, b: 1 })).content).toBe(2);
    expect(toolRegistry.checkPermission(fresh.id, "add")).toBe(true);
  });

  it("lets an edited class replace the old one when its module is saved and loaded again", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolwright-reload-"));
    const file = join(dir, "edited-agent.js");
    const index = JSON.stringify(join(__dirname, "../../src/index.ts"));
    // What a dev server sees: the same file, evaluated again after an edit changed the class's body.
    const version = (greeting: string) =>
      `const { BaseAgent } = require(${index});\n` +
      `exports.CalcAgent = class CalcAgent extends BaseAgent {\n` +
      `  static agentName = "edited_calc";\n  greet() { return ${JSON.stringify(greeting)}; }\n};\n`;
    try {
      writeFileSync(file, version("hello"));
      const first = load(file);
      writeFileSync(file, version("hello again"));
      const second = load(file);
      const registry = new ToolRegistry();
      new first.CalcAgent({ registry });
      expect(() => new second.CalcAgent({ registry })).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("throws when a class of the same name from another module claims the name", () => {
    const original = load("../fixtures/reloadable-agent");
    const twin = load("../fixtures/reloadable-agent-twin");
    const registry = new ToolRegistry();
    new original.CalcAgent({ registry });
    expect(() => new twin.CalcAgent({ registry })).toThrow(ToolDefinitionError);
    expect(() => new twin.CalcAgent({ registry })).toThrow(/Agent name "reloadable_calc" is already used by class/);
  });

  it("throws when two differently named classes claim one agent name", () => {
    const registry = new ToolRegistry();
    class Planner extends BaseAgent {
      static override agentName = "planner";
    }
    class Impostor extends BaseAgent {
      static override agentName = "planner";
    }
    new Planner({ registry });
    expect(() => new Impostor({ registry })).toThrow(/already used by class Planner/);
  });
});

describe("classOriginOf", () => {
  it("reads the defining file from the stack when called inside the class's constructor", () => {
    let seen: ReturnType<typeof classOriginOf> | undefined;
    class Probe {
      constructor() {
        seen = classOriginOf(Probe);
      }
    }
    new Probe();
    expect(seen).toEqual({ name: "Probe", file: __filename });
  });

  it("compares source text when no stack frame names the file", () => {
    const make = () =>
      class Twin {
        run() {
          return 1;
        }
      };
    const [a, b] = [make(), make()];
    const origin = { name: "Twin", file: undefined };
    expect(isSameClassAgain({ owner: a, origin }, { owner: b, origin })).toBe(true);
    class Twin {
      run() {
        return 2;
      }
    }
    expect(isSameClassAgain({ owner: a, origin }, { owner: Twin, origin })).toBe(false);
  });
});
