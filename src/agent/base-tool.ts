import type { ToolCallContext } from "../tool/tool.js";
import { resolveOutputSchema } from "../schema/output-schema.js";
import { ToolDefinitionError } from "../errors/errors.js";
import type { InferArgs } from "../params/infer.js";
import type { InferReturns, Returned, ReturnsSchema } from "../schema/output-schema.js";
import type { ObjectJsonSchema } from "../params/json-schema.js";
import type { ParamShape } from "../params/param.js";
import { resolveInputSchema } from "../schema/input-schema.js";
import { defineTool } from "../tool/define-tool.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import { type ToolOptions, assertToolName, validateToolOptions } from "../tool/tool-options.js";
import { TOOL_DEFINITION, type ToolSource } from "../tool/tool-source.js";

/**
 * Options of a {@link BaseTool}: the options of `@tool` (name, description, `params` or `inputSchema`, `returns`, and
 * every flag). The name defaults to the class name.
 */
export type BaseToolOptions<S extends ParamShape = ParamShape, R extends ReturnsSchema = ReturnsSchema> = Omit<
  ToolOptions<S>,
  "positional" | "returns"
> & {
  /** The result's schema, as on `@tool`; `run` must return its type when it is the class's second type argument. */
  readonly returns?: R;
};

/**
 * A tool written as a class: its own state and dependencies in the constructor, its work in {@link BaseTool.run}. An
 * instance is registered in a registry (`registry.add(tool)`, a shared tool, with `allowedAgents`) or listed in an
 * agent class's `static tools`, and then gets the same validation, access control, runtime and exports as a
 * decorated method. The options are checked and the schema built once, in the constructor.
 * @example
 * const params = { query: p.string("What to look for"), limit: p.integer({ minimum: 1 }).default(5) };
 * class WebSearch extends BaseTool<typeof params> {
 *   constructor(private readonly client: SearchClient) {
 *     super({ name: "web_search", description: "Search the web", params, readOnly: true });
 *   }
 *   run({ query, limit }: InferArgs<typeof params>, { signal }: ToolCallContext) {
 *     return this.client.search(query, { limit, signal });
 *   }
 * }
 * registry.add(new WebSearch(client));
 *
 * A result schema given as the second type argument types `run`'s result: a `run` that returns something else (or a
 * promise of something else) does not compile.
 * @example
 * const hit = { url: p.string(), title: p.string() };
 * class Lookup extends BaseTool<typeof params, typeof hit> {
 *   constructor() {
 *     super({ description: "Look a page up", params, returns: hit });
 *   }
 *   async run({ query }: InferArgs<typeof params>) {
 *     return { url: `https://example.com/?q=${query}`, title: query };
 *   }
 * }
 */
export abstract class BaseTool<
  S extends ParamShape = ParamShape,
  R extends ReturnsSchema = ReturnsSchema,
> implements ToolSource {
  readonly #definition: ToolDefinition;

  /**
   * Checks the options and builds the tool's schema.
   * @throws {ToolDefinitionError} for bad options, a bad name or a broken schema, naming the class.
   */
  constructor(options: BaseToolOptions<S, R>) {
    const className = new.target.name || "(anonymous tool class)";
    validateToolOptions(options, className);
    if ((options as ToolOptions).positional !== undefined) {
      throw new ToolDefinitionError(
        `${className}: \`positional\` is for @builtinTool methods; run() takes one object.`,
      );
    }
    const name = options.name ?? className;
    assertToolName(name, className);
    const { inputSchema, standardSchema } = resolveInputSchema(options, `${className} (${name})`);
    const handler = (args: Record<string, unknown>, context: ToolCallContext) => this.run(args as never, context);
    this.#definition = defineTool({
      name,
      description: options.description,
      options,
      inputSchema,
      standardSchema,
      output: resolveOutputSchema((options as ToolOptions).returns, `${className} (${name})`),
      runner: { kind: "function", handler },
      // run() is called through the arrow above, so whether it streams is read from the class's own method.
      body: (new.target.prototype as { run?: unknown }).run,
    });
  }

  /** The tool's name for the model. */
  get name(): string {
    return this.#definition.name;
  }

  /** The description the model reads: the description, then `guidelines` and `snippet` when given. */
  get description(): string {
    return this.#definition.description;
  }

  /** The JSON Schema of the arguments (plain, frozen JSON). */
  get inputSchema(): ObjectJsonSchema {
    return this.#definition.inputSchema;
  }

  /**
   * Does the tool's work. Receives the validated arguments (defaults filled in) and the call's context (`signal`,
   * `agent`, `callId`, `tool`); returns any JSON-serialisable value, or a promise of one (of the `returns` type when
   * the class names it). A throw becomes a failed result, as for every tool.
   */
  abstract run(args: InferArgs<S>, context: ToolCallContext): Returned<InferReturns<R>>;

  /** @internal */
  [TOOL_DEFINITION](): ToolDefinition {
    return this.#definition;
  }
}
