import { ToolDefinitionError, ToolNotFoundError } from "../errors/errors.js";
import { type ToolDefinition, toSpec, toTool } from "../tool/tool-definition.js";
import type { Tool, ToolSpec } from "../tool/tool.js";
import { isAppOnly } from "../tool/tool-app-view.js";
import type { AgentDirectory } from "./agent-directory.js";
import type { CompatibilityWarnings } from "./compatibility-warnings.js";

/**
 * The module-level tools of a registry, by name, in the order they were registered: what `register`, `add`, `get`,
 * `specs` and `dispatch` read, and the shared tools the agent directory shows each agent name it admits. It tells the
 * directory of every change, so the views it caches never show a removed tool or miss an added one.
 */
export class ToolCatalogue {
  readonly #tools = new Map<string, ToolDefinition>();
  readonly #agents: AgentDirectory<unknown>;
  readonly #compatibility: CompatibilityWarnings;

  /** Creates the empty catalogue of a registry with this agent directory and compatibility checker. */
  constructor(agents: AgentDirectory<unknown>, compatibility: CompatibilityWarnings) {
    this.#agents = agents;
    this.#compatibility = compatibility;
  }

  /** Returns the definition of the tool of that name, or undefined. */
  definition(name: string): ToolDefinition | undefined {
    return this.#tools.get(name);
  }

  /** Lists the definitions, in the order they were registered. */
  definitions(): IterableIterator<ToolDefinition> {
    return this.#tools.values();
  }

  /** Returns true when a tool of that name exists. */
  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /**
   * Adds a tool and returns its Tool object.
   * @throws {ToolDefinitionError} for a duplicate name, or a name an agent's own tool or reserved name holds.
   */
  add(definition: ToolDefinition): Tool {
    if (this.#tools.has(definition.name)) {
      throw new ToolDefinitionError(
        `A tool named "${definition.name}" is already registered; tool names must be unique.`,
      );
    }
    this.#agents.checkShared(definition);
    this.#compatibility.check([definition]);
    this.#tools.set(definition.name, definition);
    this.#agents.sharedChanged();
    return toTool(definition, undefined);
  }

  /** Removes the tool of that name; returns false when there was none. */
  delete(name: string): boolean {
    const removed = this.#tools.delete(name);
    if (removed) this.#agents.sharedChanged();
    return removed;
  }

  /**
   * Returns the tool of that name.
   * @throws {ToolNotFoundError} listing the registered tools.
   */
  get(name: string): Tool {
    const definition = this.#tools.get(name);
    if (!definition) throw new ToolNotFoundError(name, [...this.#tools.keys()]);
    return toTool(definition, undefined);
  }

  /** Lists the tools as `{ name, description, inputSchema }`, for a model: without those only an app view calls. */
  specs(): ToolSpec[] {
    return [...this.#tools.values()].filter((definition) => !isAppOnly(definition)).map(toSpec);
  }

  /** Lists the names of the tools open to every agent (no `allowedAgents`): what a caller naming no agent may use. */
  openNames(): string[] {
    return [...this.#tools.values()].filter((t) => t.allowedAgents === undefined).map((t) => t.name);
  }
}
