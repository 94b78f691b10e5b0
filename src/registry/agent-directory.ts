import { ToolDefinitionError } from "../errors/errors.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import { type AgentToolView, buildAgentView, isAllowed } from "./access-control.js";
import type { AgentMembership } from "./agent-call.js";
import { assertNoClassNameGrant, classNameGrantError } from "./class-name-access.js";
import { type ClassOrigin, classOriginOf, describeClassOrigin, isSameClassAgain } from "./class-origin.js";
import type { CompatibilityWarnings } from "./compatibility-warnings.js";
import { whenCollected } from "./when-collected.js";

/** What the directory keeps per agent name: the class, its tools, the membership its agents hold, reserved names. */
interface AgentEntry<Registry> {
  readonly owner: object;
  readonly origin: ClassOrigin;
  readonly tools: readonly ToolDefinition[];
  /** Empty once every agent of the name is garbage-collected. */
  membership: WeakRef<AgentMembership<Registry>>;
  readonly reserved: Set<string>;
  /** True once an agent of this name took the name from its class name (see class-name-access.ts). */
  nameFromClass?: boolean;
}

/**
 * The agents of a registry, by name: each name's class and tools, the ids agents gave out, and each name's view of
 * the tools it may use (its class's, then the shared ones it is allowed), cached until the catalogue changes. A name
 * is forgotten once no agent of it is left, and an id once its agent is collected, so apps that create an agent per
 * request or per session pile up nothing here.
 */
export class AgentDirectory<Registry> {
  readonly #entries = new Map<string, AgentEntry<Registry>>();
  // id → name of the agents whose id was read: no one can name an agent by an id it never gave out.
  readonly #ids = new Map<string, { readonly name: string; readonly agent: WeakRef<object> }>();
  readonly #views = new Map<string, AgentToolView>();
  readonly #registry: Registry;
  readonly #shared: () => Iterable<ToolDefinition>;
  readonly #compatibility: CompatibilityWarnings;

  /** Creates the directory of `registry`, whose shared tools `shared` lists. */
  constructor(registry: Registry, shared: () => Iterable<ToolDefinition>, compatibility: CompatibilityWarnings) {
    this.#registry = registry;
    this.#shared = shared;
    this.#compatibility = compatibility;
  }

  /**
   * Registers an agent of class `owner` under its name (the class's tools, on the name's first agent) and returns the
   * membership every agent of the name holds.
   * @throws {ToolDefinitionError} when another class holds the name, a reserved name is taken, or a class-name grant.
   */
  attach(
    agentName: string,
    owner: object,
    tools: readonly ToolDefinition[],
    reserved: readonly string[],
    nameFromClass: boolean,
  ): AgentMembership<Registry> {
    let entry = this.#entries.get(agentName);
    if (entry && entry.owner !== owner && entry.membership.deref() === undefined) {
      // Every agent of the name is gone, and its finalizer has not run yet (or never will: see when-collected.ts).
      this.#release(agentName);
      entry = undefined;
    }
    if (nameFromClass && !entry?.nameFromClass) {
      assertNoClassNameGrant(agentName, tools);
      assertNoClassNameGrant(agentName, this.#shared());
    }
    const origin = entry?.owner === owner ? entry.origin : classOriginOf(owner as { name: string });
    if (entry && entry.owner !== owner && isSameClassAgain(entry, { owner, origin })) {
      // A re-evaluated module (hot reload, jest.isolateModules, `import("./a.ts?v=2")`): the new class replaces the old.
      this.#forget(agentName, entry);
      entry = { ...entry, owner, origin, tools, reserved: new Set() };
      this.#compatibility.check(tools);
      this.#entries.set(agentName, entry);
    }
    if (entry && entry.owner !== owner) {
      throw new ToolDefinitionError(
        // Two classes of one name (two test files under `vitest --no-isolate`) read alike: their files tell them apart.
        `Agent name "${agentName}" is already used by ${describeClassOrigin(entry.origin)} in this registry, so ` +
          `${describeClassOrigin(origin)} cannot use it; give each agent class its own static agentName (or pass ` +
          "{ name } to the constructor).",
      );
    }
    const view = entry ? this.viewOf(agentName) : buildAgentView(agentName, tools, this.#shared());
    const taken = reserved.find((name) => view.has(name));
    if (taken !== undefined) {
      throw new ToolDefinitionError(
        `Agent "${agentName}" adds the built-in tool "${taken}", and already sees a tool of that name; rename that tool.`,
      );
    }
    // A deref keeps its target alive until the current job ends: the check for a refused class above reads it only
    // when the class differs, and a collection in a later turn still finds its agents.
    let membership = entry?.membership.deref();
    if (!entry) {
      this.#compatibility.check(tools);
      membership = this.#newMembership(agentName);
      entry = { owner, origin, tools, membership: new WeakRef(membership), reserved: new Set() };
      this.#entries.set(agentName, entry);
      this.#views.set(agentName, view);
    } else if (!membership) {
      // Every agent of the name is gone and its finalizer has not run yet: the new agent carries the entry on.
      membership = this.#newMembership(agentName);
      entry.membership = new WeakRef(membership);
    }
    for (const name of reserved) entry.reserved.add(name);
    if (nameFromClass) entry.nameFromClass = true;
    return membership;
  }

  /**
   * Checks a shared tool about to be added against every live agent name it would be visible to.
   * @throws {ToolDefinitionError} when it would clash with an agent's own or built-in tool, or grant a class name.
   */
  checkShared(definition: ToolDefinition): void {
    for (const [agentName, { tools, reserved, nameFromClass }] of this.#entries) {
      if (!isAllowed(definition, agentName)) continue;
      if (nameFromClass && definition.allowedAgents) throw classNameGrantError(agentName, definition.name);
      if (reserved.has(definition.name)) {
        throw new ToolDefinitionError(
          `A tool named "${definition.name}" would shadow the built-in tool of agent "${agentName}"; rename it, or ` +
            `leave "${agentName}" out of its allowedAgents.`,
        );
      }
      if (tools.some((t) => t.name === definition.name && isAllowed(t, agentName))) {
        buildAgentView(agentName, tools, [definition]); // throws the clash error naming both
      }
    }
  }

  /** Forgets every cached view: the shared tools changed. */
  sharedChanged(): void {
    for (const [name, entry] of this.#entries) this.#forget(name, entry);
    this.#views.clear();
  }

  // Forgets the cached view of an entry's name, in the directory and in the membership its agents read it from.
  #forget(agentName: string, entry: AgentEntry<Registry>): void {
    const membership = entry.membership.deref() as { view: AgentToolView | undefined } | undefined;
    if (membership !== undefined) membership.view = undefined;
    this.#views.delete(agentName);
  }

  /** Lets an agent be named by `id` until it is garbage-collected. */
  noteId(agent: object, id: string, agentName: string): void {
    this.#ids.set(id, { name: agentName, agent: new WeakRef(agent) });
    whenCollected(agent, () => this.#ids.delete(id));
  }

  // The finalizer above keeps the map small; the weak reference makes a collected agent's id unknown at once, since a
  // finalizer runs some turns after the collection (and on Node 20 may never run: see when-collected.ts).
  /** Returns the name of the live agent with this id, or undefined. */
  nameOfId(id: string): string | undefined {
    const known = this.#ids.get(id);
    return known?.agent.deref() === undefined ? undefined : known.name;
  }

  /** Returns the view of an agent name (cached until the shared tools change). */
  viewOf(agentName: string): AgentToolView {
    let view = this.#views.get(agentName);
    if (!view) {
      view = buildAgentView(agentName, this.#entries.get(agentName)?.tools ?? [], this.#shared());
      // Cached only for names with live agents: any string can be asked about (checkPermission, dispatch), and
      // caching each would let the map grow without bound.
      if (this.#entries.has(agentName)) this.#views.set(agentName, view);
    }
    // Kept where the agents of the name read it on every call (see AgentMembership.view), until it changes.
    const membership = this.#entries.get(agentName)?.membership.deref() as
      { view: AgentToolView | undefined } | undefined;
    if (membership !== undefined) membership.view = view;
    return view;
  }

  // A name is tracked through the one membership all its agents share, so an agent costs the directory nothing.
  #newMembership(agentName: string): AgentMembership<Registry> {
    // Sealed, not frozen: the registry keeps the name's view in it (see AgentMembership.view).
    const membership: AgentMembership<Registry> = Object.seal({ registry: this.#registry, view: undefined });
    whenCollected(membership, () => this.#release(agentName));
    return membership;
  }

  #release(name: string): void {
    // A finalizer that runs after the name was taken again must leave the new entry alone.
    if (this.#entries.get(name)?.membership.deref() !== undefined) return;
    this.#entries.delete(name);
    this.#views.delete(name);
  }
}
