/** The scheme every MCP Apps view's URI has (MCP Apps, `io.modelcontextprotocol/ui`). */
export const APP_VIEW_SCHEME = "ui://";

/**
 * The view (MCP Apps, extension `io.modelcontextprotocol/ui`) a host shows a tool's results in, listed as the
 * tool's `_meta.ui`: a `ui://` resource of the same server, and who may call the tool.
 */
export interface ToolAppView {
  /** The `ui://` URI of the view's resource (an `@resource({ uri: "ui://...", app: ... })` of the same class). */
  readonly resourceUri: string;
  /**
   * Who may call the tool: `"model"` (the host offers it to the model) and `"app"` (the view may call it). Default
   * both; `["app"]` is a tool only the view calls (a refresh button), which hosts keep from the model.
   */
  readonly visibility?: readonly ("model" | "app")[];
}

const KEYS = new Set(["resourceUri", "visibility"]);
const AUDIENCES = new Set(["model", "app"]);

/**
 * Returns what is wrong with a tool's `ui` option (naming the field and what is valid), or undefined when it is
 * well formed. A `resourceUri` outside `ui://` is refused here, at definition; one that names no view of the class
 * is refused when the class's tools and resources are read together (`reflectMcpEntries`).
 */
export function appViewComplaint(key: string, value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return `\`${key}\` must be { resourceUri: "ui://...", visibility?: ["model", "app"] }.`;
  }
  const view = value as Record<string, unknown>;
  const unknown = Object.keys(view).find((name) => !KEYS.has(name));
  if (unknown !== undefined) return `\`${key}.${unknown}\` is not an option; \`${key}\` takes resourceUri, visibility.`;
  if (typeof view.resourceUri !== "string" || !view.resourceUri.startsWith(APP_VIEW_SCHEME)) {
    return (
      `\`${key}.resourceUri\` must be a \`${APP_VIEW_SCHEME}\` URI (MCP Apps views live there); got ` +
      `${JSON.stringify(view.resourceUri)}.`
    );
  }
  const audience = view.visibility;
  if (
    audience !== undefined &&
    (!Array.isArray(audience) ||
      audience.length === 0 ||
      audience.some((who) => !AUDIENCES.has(who as string)) ||
      new Set(audience).size !== audience.length)
  ) {
    return `\`${key}.visibility\` must be a non-empty list of "model" and "app", each at most once.`;
  }
  return undefined;
}

/**
 * Whether only an MCP Apps view may call the tool (`ui.visibility` without `"model"`): such a tool is kept from every
 * list a model reads (`agent.tools()`, `toolSpecs()`, the adapters, `tools/list` to a client without views) and a
 * call of it is refused unless it comes through a host that shows views (`callTool(..., { appHost: true })`).
 */
export function isAppOnly(tool: { readonly ui?: ToolAppView | undefined }): boolean {
  const visibility = tool.ui?.visibility;
  return visibility !== undefined && !visibility.includes("model");
}
