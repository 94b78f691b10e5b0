import { expectTypeOf } from "expect-type";
import {
  BaseAgent,
  type ToolCallContext,
  type ToolEventListener,
  type ToolProgress,
  type ToolProgressEvent,
  type ToolProgressNotice,
  builtinTool,
  p,
  tool,
} from "toolwright";

describe("progress typing", () => {
  it("compiles async * methods whose return value matches returns", () => {
    class Jobs extends BaseAgent {
      @tool({ description: "Import", params: { rows: p.integer() }, returns: { imported: p.integer() } })
      async *importRows({ rows }: { rows: number }) {
        yield { progress: 1, total: rows };
        return { imported: rows };
      }

      @builtinTool({ description: "Count", params: { n: p.integer() }, returns: p.integer() })
      *count(n: number) {
        yield { progress: n };
        return n;
      }
    }
    expect(typeof new Jobs().importRows).toBe("function");
  });

  it("rejects an async * method whose return value breaks returns", () => {
    class Jobs extends BaseAgent {
      // @ts-expect-error returns says imported is an integer; the generator returns a string
      @tool({ description: "Import", params: {}, returns: { imported: p.integer() } })
      async *importRows() {
        yield { progress: 1 };
        return { imported: "all" };
      }
    }
    expect(typeof new Jobs().importRows).toBe("function");
  });

  it("types reportProgress, onProgress's event and the progress listener's notice", () => {
    expectTypeOf<ToolCallContext["reportProgress"]>().toEqualTypeOf<(update: ToolProgress) => void>();
    expectTypeOf<ToolProgressEvent>().toMatchTypeOf<ToolProgress & { toolName: string; callId: string }>();
    expectTypeOf<Parameters<ToolEventListener<"progress">>[0]>().toEqualTypeOf<ToolProgressNotice>();
    expectTypeOf<ToolProgressNotice["event"]>().toEqualTypeOf<"progress">();
    // @ts-expect-error progress is a number
    const _bad: ToolProgress = { progress: "half" };
  });
});
