import { type Content, GoogleGenAI, Type } from "@google/genai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { BaseAgent, ToolDefinitionError, ToolRegistry, parseGeminiToolCalls, toGeminiTools } from "toolwright";
import { importMcpTools } from "toolwright/mcp";
import { type RecordingServer, asSent, startRecordingServer } from "../fixtures/providers/recording-server.js";
import { geminiReply } from "../fixtures/providers/canned-replies.js";

jest.setTimeout(20_000);

// A server written against draft-07, as many still are: a tuple in the array form of `items`, an integer enum.
const ROUTE_TOOL = {
  name: "route",
  description: "Plan a route between two places",
  inputSchema: {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: {
      ends: { type: "array", items: [{ type: "string" }, { type: "string" }], additionalItems: false },
      mode: { type: "integer", enum: [1, 2, 3], description: "1 walk, 2 bike, 3 car" },
    },
    required: ["ends", "mode"],
  },
};

async function startRawServer() {
  const calls: unknown[] = [];
  const server = new Server({ name: "raw-server", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [ROUTE_TOOL] }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    calls.push(request.params.arguments);
    return { content: [{ type: "text", text: "42 km" }] };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "toolwright-test", version: "1.0.0" });
  await client.connect(clientSide);
  return { server, client, calls };
}

describe("a draft-07 tool imported from an MCP server, exported to Gemini", () => {
  let recording: RecordingServer | undefined;
  afterEach(() => recording?.close());

  it("imports, exports with the jsonSchema fallback, and validates the model's calls as draft-07 meant", async () => {
    const raw = await startRawServer();
    const registry = new ToolRegistry();
    const imported = await importMcpTools(raw.client, { registry, allowedAgents: ["planner"] });
    class Planner extends BaseAgent {
      static override agentName = "planner";
    }
    const agent = new Planner({ registry });
    const specs = agent.toolSpecs();
    expect(specs[0]?.inputSchema.properties?.ends).toEqual({
      type: "array",
      prefixItems: [{ type: "string" }, { type: "string" }],
      items: false,
    });

    // The OpenAPI subset has no tuples: without a fallback the exporter refuses rather than send a 400.
    expect(() => toGeminiTools(specs, { mode: "openapi" })).toThrow(ToolDefinitionError);
    const functionDeclarations = toGeminiTools(specs, { mode: "openapi", fallback: "jsonSchema", types: Type });
    expect(functionDeclarations[0]).not.toHaveProperty("parameters");

    recording = await startRecordingServer([
      geminiReply([
        { functionCall: { id: "c1", name: "route", args: { ends: ["Oslo", "Bergen"], mode: 3 } } },
        { functionCall: { id: "c2", name: "route", args: { ends: ["Oslo", "Bergen", "Trondheim"], mode: 4 } } },
      ]),
    ]);
    const ai = new GoogleGenAI({
      apiKey: "test-key",
      httpOptions: {
        baseUrl: recording.url,
        timeout: 5_000,
        retryOptions: { attempts: 1 },
        fetch: (input, init) => fetch(input, init),
      },
    });
    const contents: Content[] = [{ role: "user", parts: [{ text: "Route Oslo to Bergen by car" }] }];
    const response = await ai.models.generateContent({
      model: "gemini-test",
      contents,
      config: { tools: [{ functionDeclarations }] },
    });
    expect(recording.requests[0]?.body.tools).toEqual([{ functionDeclarations: asSent(functionDeclarations) }]);

    const results = await agent.runToolCalls(parseGeminiToolCalls(response));
    expect(results[0]).toMatchObject({ ok: true, content: "42 km" });
    expect(results[1]?.error?.issues?.map((i) => `${i.path} ${i.keyword}`)).toEqual(["/ends items", "/mode enum"]);
    expect(raw.calls).toEqual([{ ends: ["Oslo", "Bergen"], mode: 3 }]);

    await imported.close();
    await raw.client.close();
    await raw.server.close();
  });
});
