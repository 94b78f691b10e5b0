import { ToolDefinitionError } from "../errors/errors.js";
import { APP_VIEW_SCHEME } from "../tool/tool-app-view.js";

/** The mime type of an MCP Apps view: an HTML5 document a host shows in a sandboxed frame. */
export const APP_VIEW_MIME_TYPE = "text/html;profile=mcp-app";

/**
 * How a host shows an MCP Apps view (`_meta.ui` of its resource), as the extension `io.modelcontextprotocol/ui`
 * (2026-01-26) defines it. Every field is optional; a host applies its restrictive defaults to what is absent.
 */
export interface AppViewOptions {
  /** The origins the view may reach; none by default (the host's content security policy). */
  readonly csp?: {
    /** Origins for fetch, XHR and WebSocket (`connect-src`). */
    readonly connectDomains?: readonly string[];
    /** Origins for scripts, styles, images, fonts and media. */
    readonly resourceDomains?: readonly string[];
    /** Origins for nested frames (`frame-src`). */
    readonly frameDomains?: readonly string[];
    /** Allowed base URIs of the document (`base-uri`). */
    readonly baseUriDomains?: readonly string[];
  };
  /** Browser features the view asks for; a host may refuse them. */
  readonly permissions?: {
    readonly camera?: Record<string, never>;
    readonly microphone?: Record<string, never>;
    readonly geolocation?: Record<string, never>;
    readonly clipboardWrite?: Record<string, never>;
  };
  /** A dedicated sandbox origin, in the host's own format. */
  readonly domain?: string;
  /** Whether the host should draw a border and background around the view. */
  readonly prefersBorder?: boolean;
}

const VIEW_KEYS = ["csp", "permissions", "domain", "prefersBorder"];
const CSP_KEYS = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"];
const PERMISSION_KEYS = ["camera", "microphone", "geolocation", "clipboardWrite"];

/**
 * Checks a `@resource` that is an MCP Apps view (a `ui://` URI, or `app` given) and returns its `_meta.ui`: the
 * URI must be a fixed `ui://` one, the mime type absent or `text/html;profile=mcp-app`, and `app` `true` or
 * {@link AppViewOptions}.
 * @throws {ToolDefinitionError} naming what is wrong and what is valid.
 */
export function checkAppView(uri: string, templated: boolean, mimeType: unknown, app: unknown, where: string) {
  if (!uri.startsWith(APP_VIEW_SCHEME)) {
    throw new ToolDefinitionError(
      `${where}: \`app\` makes an MCP Apps view, whose \`uri\` must start with "${APP_VIEW_SCHEME}"; got "${uri}".`,
    );
  }
  if (templated) {
    throw new ToolDefinitionError(`${where}: an MCP Apps view has a fixed URI; "${uri}" is a template.`);
  }
  if (mimeType !== undefined && mimeType !== APP_VIEW_MIME_TYPE) {
    throw new ToolDefinitionError(
      `${where}: an MCP Apps view ("${uri}") is sent as "${APP_VIEW_MIME_TYPE}"; leave \`mimeType\` out or give ` +
        `that one (got ${JSON.stringify(mimeType)}).`,
    );
  }
  if (app === undefined || app === true) return {};
  const view = objectOf(app, `${where}: \`app\` must be true or { csp?, permissions?, domain?, prefersBorder? }.`);
  known(view, VIEW_KEYS, `${where}: \`app`);
  if (view.csp !== undefined) {
    const csp = objectOf(view.csp, `${where}: \`app.csp\` must be an object of origin lists.`);
    known(csp, CSP_KEYS, `${where}: \`app.csp`);
    for (const [name, origins] of Object.entries(csp)) {
      if (!Array.isArray(origins) || origins.some((origin) => typeof origin !== "string" || origin === "")) {
        throw new ToolDefinitionError(`${where}: \`app.csp.${name}\` must be a list of origins ("https://...").`);
      }
    }
  }
  if (view.permissions !== undefined) {
    const asked = objectOf(view.permissions, `${where}: \`app.permissions\` must be an object.`);
    known(asked, PERMISSION_KEYS, `${where}: \`app.permissions`);
  }
  if (view.domain !== undefined && typeof view.domain !== "string") {
    throw new ToolDefinitionError(`${where}: \`app.domain\` must be a string.`);
  }
  if (view.prefersBorder !== undefined && typeof view.prefersBorder !== "boolean") {
    throw new ToolDefinitionError(`${where}: \`app.prefersBorder\` must be true or false.`);
  }
  return JSON.parse(JSON.stringify(view)) as AppViewOptions;
}

function objectOf(value: unknown, message: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ToolDefinitionError(message);
  return value as Record<string, unknown>;
}

function known(value: Record<string, unknown>, keys: readonly string[], where: string): void {
  const extra = Object.keys(value).find((key) => !keys.includes(key));
  if (extra !== undefined) {
    throw new ToolDefinitionError(`${where}.${extra}\` is not an option; it takes ${keys.join(", ")}.`);
  }
}
