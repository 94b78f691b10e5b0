import type { ServerContext } from "@modelcontextprotocol/server";
import type {
  ClientFeature,
  ClientLogLevel,
  ClientRoot,
  ElicitationAnswer,
  ElicitationRequest,
  SamplingAnswer,
  SamplingRequest,
  ToolClient,
} from "../../tool/tool-client.js";
import { type DeclaredClientCapabilities, declares, requireFeature } from "./client-features.js";

/**
 * The `context.client` of a call on a 2025-11-25 session: every request is a server-to-client request over the
 * session, related to the `tools/call` being answered, so the handler simply waits for the answer (it runs once).
 * `capabilities` are what the client declared at `initialize` (none for a server without a session, which cannot
 * receive an answer, so only `log` works there).
 */
export function pushClient(
  ctx: ServerContext,
  capabilities: DeclaredClientCapabilities | undefined,
  onMissing: (feature: ClientFeature) => void,
): ToolClient {
  const { mcpReq } = ctx;
  const options = { signal: mcpReq.signal };
  return {
    supports: (feature) => declares(capabilities, feature),
    log: (level: ClientLogLevel, data: unknown, logger?: string) =>
      // Delivery is best effort (a closed stream, a level the client filtered out): logging never fails a call.
      mcpReq.log(level, data, logger).catch(() => undefined),
    async elicit(request: ElicitationRequest): Promise<ElicitationAnswer> {
      requireFeature(capabilities, "elicitation", onMissing);
      // The SDK types the form's properties as its own union; the request is built to the same MCP shape.
      const params = { mode: "form", message: request.message, requestedSchema: request.requestedSchema } as never;
      const answer = await mcpReq.elicitInput(params, options);
      return answer.content === undefined
        ? { action: answer.action }
        : { action: answer.action, content: answer.content };
    },
    async sample(request: SamplingRequest): Promise<SamplingAnswer> {
      requireFeature(capabilities, "sampling", onMissing);
      return (await mcpReq.requestSampling(request as never, options)) as SamplingAnswer;
    },
    async listRoots(): Promise<readonly ClientRoot[]> {
      requireFeature(capabilities, "roots", onMissing);
      return (await mcpReq.send({ method: "roots/list" }, options)).roots;
    },
  };
}
