import {
  BaseAgent,
  BaseTool,
  ToolDefinitionError,
  ToolRegistry,
  builtinTool,
  p,
  toAnthropicTools,
  toGeminiTools,
  toOpenAITools,
  tool,
} from "toolwright";
import { toAiSdkToolSet, toAiSdkTools } from "toolwright/ai-sdk";
import { toLangChainTools } from "toolwright/langchain";
import { serveMcp } from "toolwright/mcp";
import { toOpenAIAgentsTools } from "toolwright/openai-agents";

// Issue 34: a misspelt option (`requireApproval`, `timeout`, `readonly`) was ignored under every toolchain that does
// not type-check (tsx, Vitest, esbuild, swc): `@tool({ requireApproval: true })` defined a tool without approval, and
// the destructive call ran. Each options object now refuses a key it does not know, naming the closest known one.
// The `@ts-expect-error` lines also pin that tsc refuses each key (the type check of tests/ runs in CI).

// The first sentence of a message: up to the first "?" or "." followed by a space or the end.
const firstSentence = (error: unknown): string => {
  const message = (error as Error).message;
  return /^.*?[.?](?= |$)/.exec(message)?.[0] ?? message;
};

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("every options object refuses an unknown key, naming the closest known key", () => {
  it("@tool: requireApproval leads with requiresApproval, at class definition", () => {
    const error = thrown(() => {
      class Files extends BaseAgent {
        // @ts-expect-error -- the misspelling is the point: tsc names it too.
        @tool({ description: "Delete a file", params: { path: p.string() }, requireApproval: true })
        remove({ path }: { path: string }) {
          return path;
        }
      }
      return Files;
    });
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(firstSentence(error)).toBe(
      '@tool on "remove": `requireApproval` is not an option; did you mean `requiresApproval`?',
    );
    expect((error as Error).message).toContain("Valid options: name, description, params");
  });

  it("@tool: the AI SDK's needsApproval leads with requiresApproval", () => {
    const error = thrown(
      () =>
        class Files extends BaseAgent {
          // @ts-expect-error -- the AI SDK's name for the flag.
          @tool({ description: "Delete a file", params: { path: p.string() }, needsApproval: true })
          remove({ path }: { path: string }) {
            return path;
          }
        },
    );
    expect(firstSentence(error)).toBe(
      '@tool on "remove": `needsApproval` is not an option; did you mean `requiresApproval`?',
    );
  });

  it("@builtinTool: timeout leads with timeoutMs", () => {
    const error = thrown(
      () =>
        class Clock extends BaseAgent {
          // @ts-expect-error -- timeout is spelt timeoutMs.
          @builtinTool({ description: "Wait", params: { ms: p.integer() }, timeout: 1000 })
          wait(ms: number) {
            return ms;
          }
        },
    );
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(firstSentence(error)).toBe('@builtinTool on "wait": `timeout` is not an option; did you mean `timeoutMs`?');
  });

  it("BaseTool: readonly leads with readOnly, at construction", () => {
    class Lookup extends BaseTool {
      constructor() {
        // @ts-expect-error -- readonly is spelt readOnly.
        super({ description: "Look up", readonly: true });
      }
      run() {
        return 1;
      }
    }
    const error = thrown(() => new Lookup());
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(firstSentence(error)).toBe("Lookup: `readonly` is not an option; did you mean `readOnly`?");
  });

  it("registry.register: a key far from every option is named, without a guess", () => {
    const registry = new ToolRegistry();
    const error = thrown(() =>
      // @ts-expect-error -- not an option at all.
      registry.register(() => 1, { name: "one", description: "One", colour: "blue" }),
    );
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(firstSentence(error)).toMatch(/`colour` is not an option; it would be ignored\.$/);
  });

  it("BaseAgent options: regsitry leads with registry, and timeout with defaultTimeoutMs", () => {
    class Agent extends BaseAgent {}
    const registry = new ToolRegistry();
    // @ts-expect-error -- regsitry is spelt registry.
    const error = thrown(() => new Agent({ regsitry: registry }));
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(firstSentence(error)).toBe("Agent options: `regsitry` is not an option; did you mean `registry`?");
    // @ts-expect-error -- an agent's time limit is defaultTimeoutMs.
    expect(firstSentence(thrown(() => new Agent({ registry, timeout: 100 })))).toBe(
      "Agent options: `timeout` is not an option; did you mean `defaultTimeoutMs`?",
    );
  });

  it("callTool and runToolCalls options: a misspelt key rejects (a developer's mistake, not the model's)", async () => {
    class Agent extends BaseAgent {
      @tool({ description: "Ping", params: {} })
      ping() {
        return "pong";
      }
    }
    const agent = new Agent({ registry: new ToolRegistry() });
    // @ts-expect-error -- signl is spelt signal.
    const call = agent.callTool("ping", {}, { signl: AbortSignal.timeout(1000) });
    await expect(call).rejects.toThrow(ToolDefinitionError);
    expect(firstSentence(await call.catch((error: unknown) => error))).toBe(
      'Agent.callTool("ping") options: `signl` is not an option; did you mean `signal`?',
    );
    // @ts-expect-error -- stopOnErrors is spelt stopOnError.
    const batch = agent.runToolCalls([], { stopOnErrors: true });
    expect(firstSentence(await batch.catch((error: unknown) => error))).toBe(
      "Agent.runToolCalls options: `stopOnErrors` is not an option; did you mean `stopOnError`?",
    );
    // The known keys still work.
    await expect(agent.callTool("ping", {}, { callId: "c1" })).resolves.toMatchObject({ ok: true, callId: "c1" });
  });

  it("the exporters: toOpenAITools, toAnthropicTools, toGeminiTools", () => {
    const specs = [{ name: "ping", description: "Ping", inputSchema: { type: "object", properties: {} } }];
    // @ts-expect-error -- Strict is spelt strict.
    expect(firstSentence(thrown(() => toOpenAITools(specs, { Strict: true })))).toBe(
      "toOpenAITools options: `Strict` is not an option; did you mean `strict`?",
    );
    // @ts-expect-error -- cache_control is spelt cacheControl.
    expect(firstSentence(thrown(() => toAnthropicTools(specs, { cache_control: { type: "ephemeral" } })))).toBe(
      "toAnthropicTools options: `cache_control` is not an option; did you mean `cacheControl`?",
    );
    // @ts-expect-error -- mod is spelt mode.
    expect(firstSentence(thrown(() => toGeminiTools(specs, { mod: "openapi" })))).toBe(
      "toGeminiTools options: `mod` is not an option; did you mean `mode`?",
    );
  });

  it("the adapters: toAiSdkTools, toAiSdkToolSet, toOpenAIAgentsTools, toLangChainTools", () => {
    class Agent extends BaseAgent {}
    const agent = new Agent({ registry: new ToolRegistry() });
    // @ts-expect-error -- onl is spelt only.
    expect(firstSentence(thrown(() => toAiSdkTools(agent, { onl: [] })))).toBe(
      "toAiSdkTools options: `onl` is not an option; did you mean `only`?",
    );
    // @ts-expect-error -- toAiSdkToolSet's approval is always the SDK's.
    expect(firstSentence(thrown(() => toAiSdkToolSet(agent, { approval: "framework" })))).toMatch(
      /^toAiSdkToolSet options: `approval` is not an option/,
    );
    // @ts-expect-error -- strcit is spelt strict.
    expect(firstSentence(thrown(() => toOpenAIAgentsTools(agent, { strcit: true })))).toBe(
      "toOpenAIAgentsTools options: `strcit` is not an option; did you mean `strict`?",
    );
    // @ts-expect-error -- LangChain's options are `only`.
    expect(firstSentence(thrown(() => toLangChainTools(agent, { olny: [] })))).toBe(
      "toLangChainTools options: `olny` is not an option; did you mean `only`?",
    );
  });

  it("serveMcp: an HTTP option given to stdio, and a misspelt one, are refused before anything is served", async () => {
    class Agent extends BaseAgent {}
    const agent = new Agent({ registry: new ToolRegistry() });
    // @ts-expect-error -- port is an HTTP option.
    const stdio = serveMcp(agent, { transport: "stdio", port: 3000 });
    await expect(stdio).rejects.toThrow(/^serveMcp options: `port` is not an option;/);
    // @ts-expect-error -- statless is spelt stateless.
    const http = serveMcp(agent, { transport: "http", statless: true });
    expect(firstSentence(await http.catch((error: unknown) => error))).toBe(
      "serveMcp options: `statless` is not an option; did you mean `stateless`?",
    );
  });
});
