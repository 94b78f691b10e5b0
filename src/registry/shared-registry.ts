import { SHARED_REGISTRY_SCOPE } from "../state/port/store-scope.js";
import { ToolRegistry } from "./tool-registry.js";

// Symbol.for, so the ESM and the CommonJS copy of the package, loaded side by side, find the same registry.
const SHARED = Symbol.for("toolwright.shared-registry");
const holder = globalThis as typeof globalThis & { [SHARED]?: ToolRegistry };

/**
 * The shared registry: module-level tools registered here are visible to every agent their `allowedAgents` admit, and
 * agents use it unless given another. The only global state in toolwright.
 */
export const toolRegistry: ToolRegistry = (holder[SHARED] ??= new ToolRegistry({ scope: SHARED_REGISTRY_SCOPE }));
