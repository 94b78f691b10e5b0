import type { ServerContext } from "@modelcontextprotocol/server";
import type { PromptEntry } from "../../decorators/mcp-entries.js";
import type { EmbeddedResourcePart, PromptMessage } from "../../decorators/prompt.js";
import { checkAgainstDescriptor } from "../../params/default-check.js";
import { isOptionalParam } from "../../params/param.js";
import type { ServerSdk } from "../load-sdk.js";
import type { McpLowServer } from "./revisions/mcp-revision.js";
import type { ServedEntries } from "./served-entries.js";
import { ClientInputCall, type ClientInputScope } from "./client-input.js";
import type { McpRemoteCatalogue } from "../import/index.js";
import { serverNames } from "./resource-handlers.js";
import { firstThatKnows, mergedPage } from "./served-imports.js";

/** JSON-RPC's "Invalid params", the answer to a prompt or argument the client got wrong. */
const INVALID_PARAMS = -32602;

/**
 * Registers `prompts/list` and `prompts/get`. A get checks the arguments against the prompt's descriptors (required
 * ones present, each a string that fits, no unknown ones), fills in defaults, and runs the method; a returned string
 * is one user message. A mistake in the request is a -32602 error naming what was wrong and what is valid; an
 * unknown prompt (or one the agent may not see) names the prompts the agent serves. The method's `context.client` asks
 * the client as a tool's does (`clientInput` opens it for the request: on 2026-07-28 `input_required` rounds).
 */
export function registerPromptHandlers(
  server: McpLowServer,
  sdk: ServerSdk,
  served: ServedEntries,
  imports: readonly McpRemoteCatalogue[],
  clientInput: (ctx: ServerContext) => ClientInputScope,
): void {
  server.setRequestHandler(
    "prompts/list",
    (request: { params?: { cursor?: string | undefined } | undefined }) =>
      mergedPage(
        sdk,
        "prompts",
        served.prompts.map(listedPrompt),
        imports,
        (source, cursor) => source.listPrompts(cursor === undefined ? undefined : { cursor }),
        request.params?.cursor,
      ) as never,
  );
  server.setRequestHandler(
    "prompts/get",
    async (
      request: { params: { name: string; arguments?: Record<string, string> | undefined } },
      ctx: ServerContext,
    ) => {
      const { name, arguments: given = {} } = request.params;
      const signal = ctx.mcpReq.signal;
      const own = served.prompts.some((candidate) => candidate.name === name);
      if (!own && imports.length > 0) {
        // Not the agent's own: an imported server's, which checks the arguments itself.
        const answer = await firstThatKnows(sdk, imports, (source) => source.getPrompt(name, given, { signal }));
        if (answer !== undefined) return answer as never;
        const names = served.prompts.map((p) => `"${p.name}"`).join(", ") || "none of its own";
        throw new sdk.ProtocolError(
          INVALID_PARAMS,
          `Prompt "${name}" not found. Prompts: ${names}, and those of ${serverNames(imports)}.`,
          { name },
        );
      }
      const entry = findPrompt(sdk, served, name);
      const args = promptArguments(entry, given, (message) => new sdk.ProtocolError(INVALID_PARAMS, message));
      const input = new ClientInputCall(clientInput(ctx), name, args, "prompts/get");
      return (await input.run(async (run, client) => {
        const context = { signal: run.signal, client };
        const value: unknown = await (entry.fn as (...a: unknown[]) => unknown).call(served.agent, args, context);
        return {
          ...(entry.description === undefined ? {} : { description: entry.description }),
          messages: promptMessages(value, entry),
        };
      })) as never;
    },
  );
}

/**
 * The prompt named `name` among those the agent may see.
 * @throws the SDK's ProtocolError (-32602) naming the prompts served.
 */
export function findPrompt(sdk: ServerSdk, served: ServedEntries, name: string): PromptEntry {
  const entry = served.prompts.find((candidate) => candidate.name === name);
  if (entry !== undefined) return entry;
  const names = served.prompts.map((p) => `"${p.name}"`).join(", ") || "none";
  throw new sdk.ProtocolError(INVALID_PARAMS, `Prompt "${name}" not found. Prompts: ${names}.`, { name });
}

function listedPrompt(entry: PromptEntry) {
  const args = Object.entries(entry.params).map(([name, param]) => ({
    name,
    ...(typeof param.description === "string" ? { description: param.description } : {}),
    required: !isOptionalParam(param),
  }));
  return {
    name: entry.name,
    ...(entry.title === undefined ? {} : { title: entry.title }),
    ...(entry.description === undefined ? {} : { description: entry.description }),
    ...(args.length === 0 ? {} : { arguments: args }),
  };
}

/**
 * The method's arguments: the given ones checked against their descriptors, defaults filled in.
 * @throws what `problem` makes of the first mistake: an unknown argument, a missing required one, or one that does
 *   not fit its descriptor (not a string, not one of an enum's values, too long...).
 */
export function promptArguments(
  entry: PromptEntry,
  given: Readonly<Record<string, unknown>>,
  problem: (message: string) => Error,
): Record<string, string> {
  const names = Object.keys(entry.params);
  const valid = names.length === 0 ? "it takes none" : `its arguments: ${describeArguments(entry)}`;
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(entry.params, key)) throw problem(`Prompt "${entry.name}" has no argument "${key}"; ${valid}.`);
  }
  const args: Record<string, string> = {};
  for (const [name, param] of Object.entries(entry.params)) {
    const value = given[name];
    if (value === undefined) {
      // An own `default` keyword is the value (`.default(...)` is a method on the prototype until then).
      if (Object.hasOwn(param, "default")) args[name] = (param as { readonly default: unknown }).default as string;
      else if (!isOptionalParam(param)) throw problem(`Prompt "${entry.name}" needs the argument "${name}"; ${valid}.`);
      continue;
    }
    const verdict =
      typeof value === "string" ? checkAgainstDescriptor(param, value) : { path: "", rule: "must be a string" };
    if (verdict !== undefined && verdict !== "unknown") {
      throw problem(`Prompt "${entry.name}": argument "${name}" ${verdict.rule}.`);
    }
    args[name] = value as string;
  }
  return args;
}

function describeArguments(entry: PromptEntry): string {
  return Object.entries(entry.params)
    .map(([name, param]) => {
      const values = Array.isArray(param.enum)
        ? ` (one of ${param.enum.map((v) => JSON.stringify(v)).join(", ")})`
        : "";
      return `"${name}"${isOptionalParam(param) ? " (optional)" : " (required)"}${values}`;
    })
    .join(", ");
}

/**
 * What a prompt method returned, as MCP messages: a string is one user message; a list holds messages whose content
 * is a string or one text, image, audio, resource-link or embedded-resource part.
 * @throws {TypeError} for anything else: the method's author must return a string or messages.
 */
export function promptMessages(value: unknown, entry: PromptEntry): object[] {
  if (typeof value === "string") return [{ role: "user", content: { type: "text", text: value } }];
  if (!Array.isArray(value)) {
    throw new TypeError(
      `Prompt method "${entry.method}" returned ${typeof value}; a prompt method returns a string (one user ` +
        "message) or a list of { role, content } messages.",
    );
  }
  return (value as readonly PromptMessage[]).map((message, index) => {
    const role: unknown = message?.role;
    if (role !== "user" && role !== "assistant") {
      throw new TypeError(`Prompt method "${entry.method}": message ${index} needs a role of "user" or "assistant".`);
    }
    return { role, content: messageContent(message.content, entry, index) };
  });
}

function messageContent(content: PromptMessage["content"], entry: PromptEntry, index: number): object {
  if (typeof content === "string") return { type: "text", text: content };
  if (content.type === "resource") return embedded(content, entry, index);
  const annotations = content.annotations === undefined ? {} : { annotations: content.annotations };
  switch (content.type) {
    case "text":
      return { type: "text", text: content.text, ...annotations };
    case "audio":
      return { type: "audio", data: content.data, mimeType: content.mimeType, ...annotations };
    case "resource_link": {
      const { type, uri, name, mimeType, description } = content;
      const extra = {
        ...(mimeType === undefined ? {} : { mimeType }),
        ...(description === undefined ? {} : { description }),
      };
      return { type, uri, name, ...extra, ...annotations };
    }
    case "image":
      if (content.data !== undefined)
        return { type: "image", data: content.data, mimeType: content.mimeType, ...annotations };
  }
  throw new TypeError(
    `Prompt method "${entry.method}": message ${index} holds content MCP prompts cannot carry; give a string, or a ` +
      'text, image (with data), audio, resource-link or { type: "resource", resource } part.',
  );
}

// An embedded resource goes as it is, once its contents are checked: a URI and exactly one of text or blob.
function embedded(content: EmbeddedResourcePart, entry: PromptEntry, index: number): object {
  const resource = content.resource as Record<string, unknown> | undefined;
  const ok =
    typeof resource?.uri === "string" && (typeof resource.text === "string") !== (typeof resource.blob === "string");
  if (!ok) {
    throw new TypeError(
      `Prompt method "${entry.method}": message ${index} embeds a resource without a uri and exactly one of ` +
        "text or blob (base64).",
    );
  }
  return { type: "resource", resource: { ...resource } };
}
