import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { instrumentTools } from "toolwright/otel";
import { BaseAgent, ToolRegistry, tool } from "toolwright";

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

class Reports extends BaseAgent {
  static override agentName = "reports";

  @tool({ description: "Build a report", params: {} })
  async *build() {
    yield { progress: 1, total: 2, message: "reading customer Jane Doe" };
    yield { draft: "half a report" };
    yield { progress: 2, total: 2 };
    return "report";
  }
}

afterEach(() => exporter.reset());

describe("progress as OpenTelemetry span events", () => {
  it("adds one toolwright.progress event per update to the call's span, without message text by default", async () => {
    const uninstrument = instrumentTools({ tracerProvider: provider });
    try {
      await new Reports({ registry: new ToolRegistry() }).callTool("build", {});
    } finally {
      uninstrument();
    }
    const [span] = exporter.getFinishedSpans();
    expect(span?.events.map((e) => [e.name, e.attributes])).toEqual([
      ["toolwright.progress", { "toolwright.progress": 1, "toolwright.progress.total": 2 }],
      [
        "toolwright.progress",
        { "toolwright.progress": 1, "toolwright.progress.total": 2, "toolwright.progress.preliminary": true },
      ],
      ["toolwright.progress", { "toolwright.progress": 2, "toolwright.progress.total": 2 }],
    ]);
  });

  it("records progress messages and preliminary values only when the app opted into captureResults", async () => {
    const uninstrument = instrumentTools({ tracerProvider: provider, captureResults: true });
    try {
      await new Reports({ registry: new ToolRegistry() }).callTool("build", {});
    } finally {
      uninstrument();
    }
    const [span] = exporter.getFinishedSpans();
    expect(span?.events[0]?.attributes).toMatchObject({ "toolwright.progress.message": "reading customer Jane Doe" });
    expect(span?.events[1]?.attributes).toMatchObject({
      "toolwright.progress.value": '{"draft":"half a report"}',
    });
  });
});
