// examples/dev-agent.ts with OpenTelemetry on, and one more agent whose tool starts spans of its own: `toolwright dev`
// shows each call's span tree beside the event log (docs/devtools.md#spans).
//
//   npx toolwright dev examples/dev-agent-traced.ts
import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider } from "@opentelemetry/sdk-trace-base";
import { BaseAgent, p, tool } from "toolwright";
import { instrumentTools } from "toolwright/otel";

export { PlaygroundAgent, ReaderAgent } from "./dev-agent.js";

// The app's own setup: a provider (with its exporters, in a real app), the context manager that makes a handler's
// spans children of the call's, and toolwright's spans. toolwright dev adds its collector beside the exporters.
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(new BasicTracerProvider());
instrumentTools({ captureArguments: true });

const tracer = trace.getTracer("reports");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let attempts = 0;

/** An agent whose tool does traced work: a query and a render under the call's span, and one retry. */
export class ReportAgent extends BaseAgent {
  static override agentName = "report_agent";

  @tool({
    description: "Build a sales report (the first attempt of each pair fails, to show a retry)",
    params: { quarter: p.enum(["Q1", "Q2", "Q3", "Q4"]) },
    maxRetries: 1,
    timeoutMs: 5_000,
  })
  async buildReport({ quarter }: { quarter: string }) {
    await tracer.startActiveSpan(
      "db.query",
      { attributes: { "db.query.text": "select * from sales" } },
      async (span) => {
        await pause(20);
        span.end();
      },
    );
    if (attempts++ % 2 === 0) throw new Error("the database went away");
    await tracer.startActiveSpan("render", async (span) => {
      await pause(10);
      span.end();
    });
    return `report for ${quarter}`;
  }
}
