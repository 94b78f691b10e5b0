import type { ObjectJsonSchema } from "../../params/json-schema.js";
import type { ToolSpec } from "../../tool/tool.js";

/** The name of the built-in tool that searches an agent's deferred tools. */
export const TOOL_SEARCH_TOOL = "tool_search";

/** How many tools one search returns unless the model asks for another number. */
export const TOOL_SEARCH_DEFAULT_LIMIT = 5;

/** The most tools one search may return. */
export const TOOL_SEARCH_MAX_LIMIT = 20;

/**
 * The longest query a search accepts, in characters: a capability fits in a few words, and a longer text costs
 * tokenizing before it could be refused for its words.
 */
export const TOOL_SEARCH_MAX_QUERY_CHARS = 1_000;

/** The most search words (after function words are left out) one query may hold; each costs a pass over its postings. */
export const TOOL_SEARCH_MAX_QUERY_TERMS = 32;

/** The arguments of a `tool_search` call, once validated. */
export interface ToolSearchArgs {
  readonly query: string;
  readonly limit?: number;
}

const freeze = Object.freeze;

const INPUT_SCHEMA: ObjectJsonSchema = freeze({
  type: "object",
  properties: freeze({
    query: freeze({
      type: "string",
      minLength: 1,
      maxLength: TOOL_SEARCH_MAX_QUERY_CHARS,
      description: "Words describing the capability you need, e.g. 'convert currency' or 'send email'",
    }),
    limit: freeze({
      type: "integer",
      minimum: 1,
      maximum: TOOL_SEARCH_MAX_LIMIT,
      default: TOOL_SEARCH_DEFAULT_LIMIT,
      description: "How many tools to return at most",
    }),
  }),
  required: freeze(["query"]),
  additionalProperties: false,
});

/**
 * The spec of the `tool_search` tool: `{ query, limit? }`. Its schema object is frozen and shared, so its validator
 * is compiled once per registry.
 */
export const TOOL_SEARCH_SPEC: ToolSpec = freeze({
  name: TOOL_SEARCH_TOOL,
  description:
    "Search for more tools. Some of your tools are not listed yet; describe what you need and the best matching " +
    "tools are loaded, so you can call them from your next step on. Search again with other words if none fits.",
  inputSchema: INPUT_SCHEMA,
});
