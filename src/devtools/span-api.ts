import type { DevAgent } from "./dev-agent.js";
import type { ApiAnswer } from "./dev-api.js";
import type { DevTracing } from "./dev-tracing.js";
import type { EventLog } from "./event-log.js";
import type { SpanCollector } from "./span-collector.js";
import { buildSpanTree } from "./span-tree.js";

/**
 * The playground's `api/spans`: whether spans are collected (and if not, how to turn them on), the calls with spans,
 * and one call's span tree with what the page shows beside it: the tool's time limit and retries, and how the call
 * ended and in how many attempts (from the event log).
 */
export class SpanApi {
  constructor(
    readonly tracing: DevTracing,
    readonly collector: SpanCollector,
    readonly agents: ReadonlyMap<string, DevAgent>,
    readonly log: EventLog,
  ) {}

  /** Without `agent` and `callId`: the status and the calls with spans, newest first; with them: that call's tree. */
  async answer(query: URLSearchParams): Promise<ApiAnswer> {
    const tracing = await this.tracing.refresh();
    const agent = query.get("agent");
    const callId = query.get("callId");
    if (agent === null || callId === null) return { status: 200, body: { tracing, calls: this.collector.calls() } };
    const found = this.collector.spansOf(agent, callId);
    const tool = found?.tool;
    const definition = this.agents
      .get(agent)
      ?.tools()
      .find((t) => t.name === tool);
    const ending = this.log.ending(agent, callId);
    const call = {
      agent,
      callId,
      ...(tool === undefined ? {} : { tool }),
      ...(definition?.timeoutMs === undefined ? {} : { timeoutMs: definition.timeoutMs }),
      ...(definition?.onTimeout === undefined ? {} : { onTimeout: definition.onTimeout }),
      ...(definition?.maxRetries === undefined ? {} : { maxRetries: definition.maxRetries }),
      ...(ending?.outcome === undefined ? {} : { outcome: ending.outcome }),
      ...(ending?.attempts === undefined ? {} : { attempts: ending.attempts }),
    };
    const tree = buildSpanTree(found?.spans ?? []);
    return { status: 200, body: { tracing, call, tree, dropped: found?.dropped ?? 0 } };
  }
}
