import type { ServerContext } from "@modelcontextprotocol/server";
import type { Completer } from "../../decorators/mcp-entries.js";
import type { McpRemoteCatalogue } from "../import/index.js";
import type { ServerSdk } from "../load-sdk.js";
import { findPrompt } from "./prompt-handlers.js";
import { servedUris } from "./resource-handlers.js";
import type { McpLowServer } from "./revisions/mcp-revision.js";
import { type ServedEntries, completerOf } from "./served-entries.js";
import { firstThatKnows } from "./served-imports.js";

/** MCP caps one completion answer at 100 values. */
const MAX_VALUES = 100;
const INVALID_PARAMS = -32602;

interface CompleteRequest {
  readonly params: {
    readonly ref: { readonly type: string; readonly name?: string; readonly uri?: string };
    readonly argument: { readonly name: string; readonly value: string };
    readonly context?: { readonly arguments?: Readonly<Record<string, string>> | undefined } | undefined;
  };
}

/**
 * Registers `completion/complete` for template variables (`ref/resource`, by the template) and prompt arguments
 * (`ref/prompt`, by name): a declared `complete` list is filtered by the typed prefix, a function is asked, and an
 * enum argument without one offers its values. A variable or argument with nothing to offer answers no values; an
 * unknown template, prompt or name is a -32602 error naming what is valid. A prompt or template that is not the
 * agent's own is asked of the imported servers that complete (`imports`), in turn, and answered as the first that
 * knows it answers.
 */
export function registerCompletionHandler(
  server: McpLowServer,
  sdk: ServerSdk,
  served: ServedEntries,
  imports: readonly McpRemoteCatalogue[],
): void {
  server.setRequestHandler("completion/complete", async (request: CompleteRequest, ctx: ServerContext) => {
    const { ref, argument, context } = request.params;
    if (imports.length > 0 && !ownsReference(served, ref)) {
      const signal = ctx.mcpReq.signal;
      const params = request.params as never;
      const answer = await firstThatKnows(sdk, imports, (source) => source.complete(params, { signal }));
      if (answer !== undefined) return answer as never;
    }
    const given = context?.arguments ?? {};
    const invalid = (message: string) => new sdk.ProtocolError(INVALID_PARAMS, message);
    let completer: Completer | undefined;
    if (ref.type === "ref/prompt") {
      const entry = findPrompt(sdk, served, ref.name ?? "");
      const param = Object.hasOwn(entry.params, argument.name) ? entry.params[argument.name] : undefined;
      if (param === undefined) {
        const names =
          Object.keys(entry.params)
            .map((n) => `"${n}"`)
            .join(", ") || "none";
        throw invalid(`Prompt "${entry.name}" has no argument "${argument.name}"; its arguments: ${names}.`);
      }
      const values = Array.isArray(param.enum) ? (param.enum as string[]) : undefined;
      completer = completerOf(entry, argument.name) ?? values;
    } else if (ref.type === "ref/resource") {
      const entry = served.templates.find((candidate) => candidate.uri === ref.uri);
      if (entry === undefined) {
        throw invalid(`No resource template "${ref.uri}" to complete; this server serves ${servedUris(served)}.`);
      }
      if (!entry.template!.variables.includes(argument.name)) {
        const names = entry.template!.variables.map((n) => `"${n}"`).join(", ");
        throw invalid(`The template "${entry.uri}" has no variable "${argument.name}"; its variables: ${names}.`);
      }
      completer = completerOf(entry, argument.name);
    } else {
      throw invalid(`Unknown completion reference type "${ref.type}"; use "ref/prompt" or "ref/resource".`);
    }
    const offered = await offer(completer, argument.value, given);
    return {
      completion: {
        values: offered.slice(0, MAX_VALUES),
        total: offered.length,
        hasMore: offered.length > MAX_VALUES,
      },
    };
  });
}

// Whether the prompt or template a completion names is the agent's own (else an imported server's, if any knows it).
function ownsReference(served: ServedEntries, ref: CompleteRequest["params"]["ref"]): boolean {
  if (ref.type === "ref/prompt") return served.prompts.some((entry) => entry.name === ref.name);
  if (ref.type === "ref/resource") return served.templates.some((entry) => entry.uri === ref.uri);
  return true;
}

// A list is filtered by prefix here; a function gets the prefix and decides itself (it may match anywhere).
async function offer(
  completer: Completer | undefined,
  prefix: string,
  given: Readonly<Record<string, string>>,
): Promise<readonly string[]> {
  if (completer === undefined) return [];
  if (typeof completer !== "function") return completer.filter((value) => value.startsWith(prefix));
  const values = await completer(prefix, { arguments: given });
  if (!Array.isArray(values) || values.some((value) => typeof value !== "string")) {
    throw new TypeError("A `complete` function must return a list of strings (or a promise of one).");
  }
  return values;
}
