import type * as Toolwright from "../../src/index.js";

// Loads a fresh copy of toolwright whose "acorn" counts how often it is loaded.
function freshToolwright(): { tw: typeof Toolwright; parserLoads: () => number } {
  let loads = 0;
  let tw: typeof Toolwright | undefined;
  jest.isolateModules(() => {
    jest.doMock("acorn", () => {
      loads += 1;
      return jest.requireActual("acorn");
    });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    tw = require("../../src/index.js") as typeof Toolwright;
  });
  return { tw: tw!, parserLoads: () => loads };
}

describe("the parameter parser", () => {
  it("is not loaded when an agent has only @tool methods", () => {
    const { tw, parserLoads } = freshToolwright();
    class Weather extends tw.BaseAgent {
      @tw.tool({ description: "Forecast", params: { city: tw.p.string() } })
      forecast({ city }: { city: string }) {
        return city;
      }
    }
    expect(new Weather({ registry: new tw.ToolRegistry() }).toolSpecs()).toHaveLength(1);
    expect(parserLoads()).toBe(0);
  });

  it("is loaded once when the first @builtinTool is resolved, not when it is decorated", () => {
    const { tw, parserLoads } = freshToolwright();
    class Files extends tw.BaseAgent {
      @tw.builtinTool({ description: "Delete", params: { path: tw.p.string() } })
      remove(path: string, force = false) {
        return `${path}:${force}`;
      }
    }
    class Folders extends tw.BaseAgent {
      @tw.builtinTool({ description: "Make", params: { path: tw.p.string() } })
      make(path: string) {
        return path;
      }
    }
    expect(parserLoads()).toBe(0);
    expect(new Files({ registry: new tw.ToolRegistry() }).toolSpecs()[0]?.inputSchema.properties).toEqual({
      path: { type: "string" },
      force: { type: "boolean", default: false },
    });
    new Folders({ registry: new tw.ToolRegistry() }).toolSpecs();
    expect(parserLoads()).toBe(1);
  });
});
