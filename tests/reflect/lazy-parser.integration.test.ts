import type * as Toolwright from "toolwright";

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

  it("is not loaded when every @builtinTool's parameter list is plain names with literal defaults", () => {
    const { tw, parserLoads } = freshToolwright();
    class Files extends tw.BaseAgent {
      @tw.builtinTool({ description: "Delete", params: { path: tw.p.string() } })
      remove(path: string, force = false, label = "file", depth = -1) {
        return `${path}:${force}:${label}:${depth}`;
      }
    }
    expect(new Files({ registry: new tw.ToolRegistry() }).toolSpecs()[0]?.inputSchema.properties).toEqual({
      path: { type: "string" },
      force: { type: "boolean", default: false },
      label: { type: "string", default: "file" },
      depth: { type: "integer", default: -1 },
    });
    expect(parserLoads()).toBe(0);
  });

  // An octal default is beyond the simple reader (it reads plain decimals only), so these methods need the parser.
  it("is loaded once when the first @builtinTool is resolved, not when it is decorated", () => {
    const { tw, parserLoads } = freshToolwright();
    class Files extends tw.BaseAgent {
      @tw.builtinTool({ description: "Delete", params: { path: tw.p.string() } })
      remove(path: string, mode = 0o644) {
        return `${path}:${mode}`;
      }
    }
    class Folders extends tw.BaseAgent {
      @tw.builtinTool({ description: "Make", params: { path: tw.p.string() } })
      make(path: string, mode = 0o755) {
        return `${path}:${mode}`;
      }
    }
    expect(parserLoads()).toBe(0);
    expect(new Files({ registry: new tw.ToolRegistry() }).toolSpecs()[0]?.inputSchema.properties).toEqual({
      path: { type: "string" },
      mode: { type: "integer", default: 420 },
    });
    new Folders({ registry: new tw.ToolRegistry() }).toolSpecs();
    expect(parserLoads()).toBe(1);
  });
});
