import { toMcpToolResult } from "../providers/mcp/results.js";
import type { Tool } from "../tool/tool.js";
import type { ToolResult } from "../tool/tool-result.js";
import type { DevAgent } from "./dev-agent.js";
import { providerForms } from "./provider-forms.js";
import { isStoreName } from "../state/port/store-scope.js";

/** An API answer: the status and the JSON body. */
export interface ApiAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** What the page is told about a call that ended: the result, and the result as an MCP client (the model) gets it. */
function answer(result: ToolResult): ApiAnswer {
  return { status: 200, body: { result, model: toMcpToolResult(result) } };
}

function describeTool(tool: Tool) {
  const { name, description, inputSchema, handler: _handler, ...flags } = tool;
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flags)) shown[key] = typeof value === "function" ? "conditional" : value;
  return { name, description, inputSchema, flags: shown };
}

const unknownAgent = (name: unknown): ApiAnswer => ({
  status: 404,
  body: { error: `unknown agent ${JSON.stringify(name)}` },
});

const bad = (message: string): ApiAnswer => ({ status: 400, body: { error: message } });

/**
 * The playground's API over the module's agents, on their public API only (`tools`, `callTool`, `approvals`,
 * `tasks`): each method takes the request's JSON and resolves with the answer.
 */
export class DevApi {
  readonly #agents: ReadonlyMap<string, DevAgent>;
  // Calls the page started and that have not answered yet, by agent and call id, so the page can cancel them.
  readonly #running = new Map<string, { agent: string; tool: string; callId: string; controller: AbortController }>();
  #calls = 0;

  constructor(
    agents: readonly DevAgent[],
    readonly module: string,
    readonly onChange: () => void,
  ) {
    this.#agents = new Map(agents.map((agent) => [agent.name, agent]));
  }

  /** The agents, their tools, and which agent sees which tool. */
  state(): ApiAnswer {
    const agents = [...this.#agents.values()].map((agent) => ({
      name: agent.name,
      tools: agent.tools().map(describeTool),
    }));
    const names = [...new Set(agents.flatMap((agent) => agent.tools.map((tool) => tool.name)))].sort();
    const access = names.map((tool) => ({
      tool,
      agents: agents.filter((agent) => agent.tools.some((t) => t.name === tool)).map((agent) => agent.name),
    }));
    return { status: 200, body: { module: this.module, agents, access } };
  }

  /** One tool in every provider's form, with the compatibility findings. */
  forms(query: URLSearchParams): ApiAnswer {
    const found = this.#tool(query.get("agent"), query.get("tool"));
    if ("answer" in found) return found.answer;
    return { status: 200, body: { forms: providerForms(found.tool) } };
  }

  /** What waits or runs: pending approvals, background tasks, and the page's calls not yet answered. */
  activity(): ApiAnswer {
    const approvals = [];
    const tasks = [];
    for (const agent of this.#agents.values()) {
      for (const pending of agent.approvals.pending()) approvals.push({ agent: agent.name, ...pending });
      for (const info of agent.tasks.list()) {
        tasks.push({ agent: agent.name, ...info, ...(info.result ? { model: toMcpToolResult(info.result) } : {}) });
      }
    }
    const running = [...this.#running.values()].map(({ agent, tool, callId }) => ({ agent, tool, callId }));
    return { status: 200, body: { approvals, tasks, running } };
  }

  /** Calls a tool through `callTool`; `args` is an object, or JSON text sent as it is (as a model's would be). */
  async call(body: Record<string, unknown>): Promise<ApiAnswer> {
    const found = this.#agents.get(String(body.agent));
    if (!found) return unknownAgent(body.agent);
    if (typeof body.tool !== "string") return bad("tool must be a tool name");
    const { session } = body;
    if (session !== undefined && !isStoreName(session)) {
      return bad("session must be a non-empty string of at most 256 characters, with no lone surrogate");
    }
    const callId = `dev_${++this.#calls}`;
    const key = `${found.name}\0${callId}`;
    const controller = new AbortController();
    this.#running.set(key, { agent: found.name, tool: body.tool, callId, controller });
    this.onChange();
    try {
      return answer(await found.callTool(body.tool, body.args, { callId, signal: controller.signal, session }));
    } finally {
      this.#running.delete(key);
      this.onChange();
    }
  }

  /** Approves a pending call, with edited arguments when `args` is given. */
  async approve(body: Record<string, unknown>): Promise<ApiAnswer> {
    const found = this.#agents.get(String(body.agent));
    if (!found) return unknownAgent(body.agent);
    if (typeof body.id !== "string") return bad("id must be an approval id");
    try {
      return answer(await found.approvals.approve(body.id, "args" in body ? { args: body.args } : {}));
    } catch (error) {
      // An edit that fails validation leaves the call pending; the page shows why.
      return { status: 200, body: { error: error instanceof Error ? error.message : String(error) } };
    } finally {
      this.onChange();
    }
  }

  /** Rejects a pending call, with the reason the model will read. */
  async reject(body: Record<string, unknown>): Promise<ApiAnswer> {
    const found = this.#agents.get(String(body.agent));
    if (!found) return unknownAgent(body.agent);
    if (typeof body.id !== "string") return bad("id must be an approval id");
    const reason = typeof body.reason === "string" && body.reason !== "" ? body.reason : undefined;
    try {
      return answer(await found.approvals.reject(body.id, reason));
    } catch (error) {
      return { status: 200, body: { error: error instanceof Error ? error.message : String(error) } };
    } finally {
      this.onChange();
    }
  }

  /** Cancels a call the page started (`callId`) or a background task (`taskId`). */
  cancel(body: Record<string, unknown>): ApiAnswer {
    const found = this.#agents.get(String(body.agent));
    if (!found) return unknownAgent(body.agent);
    if (typeof body.taskId === "string") {
      const cancelled = found.tasks.cancel(body.taskId, "cancelled in toolwright dev");
      this.onChange();
      return { status: 200, body: { cancelled } };
    }
    const running = this.#running.get(`${found.name}\0${String(body.callId)}`);
    running?.controller.abort(new Error("cancelled in toolwright dev"));
    return { status: 200, body: { cancelled: running !== undefined } };
  }

  #tool(agentName: string | null, toolName: string | null): { tool: Tool } | { answer: ApiAnswer } {
    const agent = this.#agents.get(String(agentName));
    if (!agent) return { answer: unknownAgent(agentName) };
    const tool = agent.tools().find((t) => t.name === toolName);
    if (tool) return { tool };
    return { answer: { status: 404, body: { error: `agent ${agent.name} has no tool ${JSON.stringify(toolName)}` } } };
  }
}
