import { revision20251125 } from "./2025-11-25/index.js";
import { revision20260728 } from "./2026-07-28/index.js";
import type { McpEra, McpRevision } from "./mcp-revision.js";

/** The revisions served, by the era the SDK names: retiring one is deleting its folder and its row here. */
export const REVISIONS: Readonly<Record<McpEra, McpRevision>> = {
  legacy: revision20251125,
  modern: revision20260728,
};
