// Approve with edits over MCP: a tool whose arguments are all primitives shows them in the approval form, with the
// model's values as defaults; a changed value runs the call with the edit (once), an invalid one runs nothing, and a
// tool with nested arguments keeps the approve-only form. Both eras, each with its official SDK client.
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { BaseAgent, type ToolResult, ToolRegistry, p, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { textOf } from "./text-of.js";

jest.setTimeout(20_000);

const ran: unknown[] = [];

class TransferAgent extends BaseAgent {
  static override agentName = "transfer_agent";
  @tool({
    description: "Send money",
    params: {
      to: p.string({ description: "Who receives it", pattern: "^[a-z]+$" }),
      amount: p.integer({ description: "Whole euros", minimum: 1, maximum: 100 }),
      speed: p.enum(["normal", "instant"], "How fast"),
    },
    requiresApproval: true,
  })
  send(args: { to: string; amount: number; speed: string }) {
    ran.push(args);
    return `sent ${args.amount} to ${args.to}`;
  }

  @tool({
    description: "Tag notes",
    params: { tags: p.array(p.string()) },
    requiresApproval: true,
  })
  tag(args: { tags: string[] }) {
    ran.push(args);
    return `tagged ${args.tags.join(",")}`;
  }
}

type Form = { message: string; requestedSchema: { properties: Record<string, Record<string, unknown>> } };
type Answer = (form: Form) => Record<string, unknown>;

const ERAS = [
  {
    era: "2025-11-25 (server-initiated elicitation)",
    async connect(url: string, answer: Answer) {
      const client = new Client({ name: "v1", version: "1" }, { capabilities: { elicitation: { form: {} } } });
      client.setRequestHandler(ElicitRequestSchema, (request) => answer(request.params as unknown as Form) as never);
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return client;
    },
  },
  {
    era: "2025-11-25 with the SDK v2 client on its default revision",
    async connect(url: string, answer: Answer) {
      const client = new ClientV2(
        { name: "v2-default", version: "1" },
        { capabilities: { elicitation: { form: {} } } },
      );
      client.setRequestHandler("elicitation/create", (request) => answer(request.params as unknown as Form) as never);
      await client.connect(new TransportV2(new URL(url)));
      return client;
    },
  },
  {
    era: "2026-07-28 (input_required)",
    async connect(url: string, answer: Answer) {
      const client = new ClientV2(
        { name: "v2", version: "1" },
        { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } } },
      );
      client.setRequestHandler("elicitation/create", (request) => answer(request.params as unknown as Form) as never);
      await client.connect(new TransportV2(new URL(url)));
      return client;
    },
  },
];

const model = { to: "ann", amount: 5, speed: "normal" };

describe.each(ERAS)("serveMcp approve with edits, $era", ({ era, connect }) => {
  // A 2025-11-25 session is an agent session: its form offers to remember the approval for it (issue 38); a
  // 2026-07-28 request has no session, so its form does not.
  const inSession = era.startsWith("2025");
  const rememberField = inSession
    ? { remember: expect.objectContaining({ type: "boolean", title: "Remember for this session", default: false }) }
    : {};
  let server: HttpMcpServerHandle;
  let agent: TransferAgent;
  const after: ToolResult[] = [];
  beforeAll(async () => {
    agent = new TransferAgent({ registry: new ToolRegistry() });
    agent.on("after", (event) => void (event.result && after.push(event.result)));
    server = await serveMcp(agent, { transport: "http" });
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    ran.length = 0;
    after.length = 0;
  });

  it("shows each primitive argument with the tool's type and the model's value, and runs the edit once", async () => {
    const forms: Form[] = [];
    const client = await connect(server.url, (form) => {
      forms.push(form);
      return { action: "accept", content: { approve: true, to: "ann", amount: 50, speed: "instant" } };
    });
    try {
      const result = await client.callTool({ name: "send", arguments: model });
      expect(forms[0]!.requestedSchema.properties).toEqual({
        approve: expect.objectContaining({ type: "boolean" }),
        ...rememberField,
        to: { type: "string", title: "to", description: "Who receives it", default: "ann" },
        amount: { type: "integer", title: "amount", description: "Whole euros", minimum: 1, maximum: 100, default: 5 },
        speed: {
          type: "string",
          title: "speed",
          description: "How fast",
          enum: ["normal", "instant"],
          default: "normal",
        },
      });
      expect(forms[0]!.message).toContain("You may change its arguments in this form");
      expect(ran).toEqual([{ to: "ann", amount: 50, speed: "instant" }]);
      expect(textOf(result)).toContain("amount: 5 → 50");
      expect(textOf(result)).toContain("sent 50 to ann");
      expect(after.find((r) => r.outcome === "success")?.approval).toMatchObject({
        originalArgs: model,
        editedArgs: { amount: 50, speed: "instant" },
      });
      expect(agent.approvals.pending()).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("approves as shown, without an edit, when the submitted values are the model's", async () => {
    const client = await connect(server.url, () => ({ action: "accept", content: { approve: true, ...model } }));
    try {
      expect(textOf(await client.callTool({ name: "send", arguments: model }))).toBe("sent 5 to ann");
      expect(ran).toEqual([model]);
      expect(after.find((r) => r.outcome === "success")?.approval).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  // Issue 34: the form listed every argument as required, so this answer failed the SDK's check of the answer
  // ("data must have required property 'to'") and the call answered APPROVAL_REQUIRED.
  it("approves the call as shown when the client answers { approve: true } alone", async () => {
    const forms: Form[] = [];
    const client = await connect(server.url, (form) => {
      forms.push(form);
      return { action: "accept", content: { approve: true } };
    });
    try {
      const result = await client.callTool({ name: "send", arguments: model });
      expect((forms[0]!.requestedSchema as { required?: string[] }).required).toEqual(["approve"]);
      expect(textOf(result)).toBe("sent 5 to ann");
      expect(ran).toEqual([model]);
      expect(after.find((r) => r.outcome === "success")?.approval).toBeUndefined();
      expect(agent.approvals.pending()).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("runs nothing for an edit the schema refuses, and tells the model which field was wrong", async () => {
    const client = await connect(server.url, () => ({
      action: "accept",
      content: { approve: true, ...model, to: "Ann!" },
    }));
    try {
      const result = await client.callTool({ name: "send", arguments: model });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        /APPROVAL_REJECTED.*edited arguments are invalid, so nothing ran: .*\/to must match pattern[^.]*\. Do not/s,
      );
      expect(ran).toEqual([]);
      expect(agent.approvals.pending()).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("runs nothing for an answer outside the form's own bounds", async () => {
    const client = await connect(server.url, () => ({
      action: "accept",
      content: { approve: true, ...model, amount: 500 },
    }));
    try {
      const result = await client.callTool({ name: "send", arguments: model });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/amount must be <= 100/);
      expect(ran).toEqual([]);
      expect(agent.approvals.pending()).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("shows no argument fields (only approve and remember) for a tool with array arguments", async () => {
    const forms: Form[] = [];
    const client = await connect(server.url, (form) => {
      forms.push(form);
      return { action: "accept", content: { approve: true } };
    });
    try {
      const result = await client.callTool({ name: "tag", arguments: { tags: ["a", "b"] } });
      expect(Object.keys(forms[0]!.requestedSchema.properties)).toEqual(
        inSession ? ["approve", "remember"] : ["approve"],
      );
      expect(textOf(result)).toBe("tagged a,b");
      expect(ran).toEqual([{ tags: ["a", "b"] }]);
    } finally {
      await client.close();
    }
  });
});
