import { BaseAgent, ToolDefinitionError, ToolRegistry, tool } from "toolwright";
import { collectUntil } from "./collect-until.js";

// Findings of the issue-8 review, each pinned by a behaviour a user relies on.

describe("agent names", () => {
  it("frees an agent name for another class once every agent holding it is garbage-collected", async () => {
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
    const registry = new ToolRegistry();
    (() => {
      new First({ name: "shared_name", registry });
    })();
    const second = () => new Second({ name: "shared_name", registry });
    expect(second).toThrow(ToolDefinitionError); // the name is held while a First agent lives

    const claimed = await collectUntil(() => {
      try {
        const names = second()
          .toolSpecs()
          .map((spec) => spec.name);
        return names.length === 1 && names[0] === "two";
      } catch (error) {
        if (!(error instanceof ToolDefinitionError)) throw error;
        return false;
      }
    });
    if (claimed) return;
    throw new Error("the registry kept the name of garbage-collected agents");
  });
});
