import type { ObjectJsonSchema } from "../params/json-schema.js";

/** What a handler may ask of the client that made the call (an MCP client today), each only if it declared it. */
export type ClientFeature = "elicitation" | "sampling" | "roots";

/** The severity of a log message sent to the client, as syslog (RFC 5424) and MCP name them. */
export type ClientLogLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

/**
 * A question for the client's user: a message and a flat form (an object schema whose properties are strings,
 * numbers, integers, booleans, enums or arrays of enum values, with optional defaults), as MCP form elicitation takes it.
 */
export interface ElicitationRequest {
  readonly message: string;
  readonly requestedSchema: ObjectJsonSchema;
}

/** The user's answer to an {@link ElicitationRequest}: the form's content when accepted. */
export interface ElicitationAnswer {
  readonly action: "accept" | "decline" | "cancel";
  /** What the user filled in (present when `action` is `"accept"`); sent by the client, so check it before use. */
  readonly content?: Readonly<Record<string, unknown>>;
}

/** One message of a {@link SamplingRequest}: the text (or other MCP content) of a user or assistant turn. */
export interface SamplingMessage {
  readonly role: "user" | "assistant";
  readonly content: { readonly type: "text"; readonly text: string } | Readonly<Record<string, unknown>>;
}

/**
 * A request for a completion from the client's model (MCP `sampling/createMessage`): the messages and a token limit,
 * plus any other field of that request (`systemPrompt`, `temperature`, `modelPreferences`, ...), passed on as given.
 */
export interface SamplingRequest {
  readonly messages: readonly SamplingMessage[];
  readonly maxTokens: number;
  readonly systemPrompt?: string;
  readonly [field: string]: unknown;
}

/** The client model's answer to a {@link SamplingRequest}. */
export interface SamplingAnswer {
  readonly role: "assistant" | "user";
  readonly content: unknown;
  /** The model that answered, as the client names it. */
  readonly model: string;
  readonly stopReason?: string;
  readonly [field: string]: unknown;
}

/** A root the client exposes (a folder or other URI the user has opened). */
export interface ClientRoot {
  readonly uri: string;
  readonly name?: string | undefined;
}

/** Options of one request to the client. */
export interface ClientRequestOptions {
  /**
   * Names the request, so its answer can be told apart from the others across rounds (on MCP 2026-07-28 it is the
   * key in `inputRequests` and `inputResponses`). By default `elicit-1`, `sample-1`, `roots-1`, ... in the order a
   * run makes its requests, which is the same on every run as long as the handler asks the same things in the same order.
   */
  readonly key?: string;
}

/**
 * The client that made the call, as a handler sees it on `context.client`: present only for a call that came from a
 * client able to take requests back (an MCP client served by `serveMcp`), undefined for every other caller. Each
 * request needs the client to have declared the feature ({@link ToolClient.supports}); one it did not declare
 * rejects with a `ClientCapabilityError` (code `CLIENT_CAPABILITY_MISSING`), which `serveMcp` reports the way the
 * protocol asks (on 2026-07-28, the error `-32021`). See docs/mcp.md ("Asking the client") for how the answers reach
 * a handler on each protocol revision, and why a handler may run again with the earlier answers.
 * @example
 * async book({ city }: { city: string }, context: ToolCallContext) {
 *   const answer = await context.client?.elicit({
 *     message: `Book a table in ${city} for how many people?`,
 *     requestedSchema: { type: "object", properties: { people: { type: "integer" } }, required: ["people"] },
 *   });
 *   if (answer?.action !== "accept") return "Not booked.";
 *   return bookings.create({ city, people: answer.content!.people as number }, context.idempotencyKey);
 * }
 */
export interface ToolClient {
  /** True when the client declared `feature`, so a request for it can be made. */
  supports(feature: ClientFeature): boolean;
  /** Sends a log message to the client (at or above the level it asked for); never throws. */
  log(level: ClientLogLevel, data: unknown, logger?: string): Promise<void>;
  /** Asks the client's user to fill in a form. */
  elicit(request: ElicitationRequest, options?: ClientRequestOptions): Promise<ElicitationAnswer>;
  /** Asks the client's model for a completion. */
  sample(request: SamplingRequest, options?: ClientRequestOptions): Promise<SamplingAnswer>;
  /** Asks the client for its roots. */
  listRoots(options?: ClientRequestOptions): Promise<readonly ClientRoot[]>;
}
