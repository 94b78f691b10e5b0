import { type ContentAnnotations, type ContentPart, isRichContent } from "../../content/content-part.js";
import { isPlainObject } from "../../schema/json.js";
import { type ModelOutputOptions, modelOutput } from "../../tool/model-output.js";
import type { ToolResult } from "../../tool/tool-result.js";

/** One MCP content block of a `tools/call` result (`ContentBlock` of the MCP SDK), with its part's `annotations`. */
export type McpContentBlock = (
  | { type: "text"; text: string }
  | { type: "image"; data: string; mimeType: string }
  | { type: "audio"; data: string; mimeType: string }
  | { type: "resource_link"; uri: string; name: string; mimeType?: string; description?: string }
  | { type: "resource"; resource: { uri: string; mimeType: string; blob: string } }
) & { annotations?: McpAnnotations };

/** MCP's content `annotations` as the SDK types them (mutable arrays). */
export interface McpAnnotations {
  audience?: ("user" | "assistant")[];
  priority?: number;
  lastModified?: string;
}

/** A `tools/call` result as an MCP server sends it (`CallToolResult` of the MCP SDK). */
export interface McpToolResult {
  [key: string]: unknown;
  content: McpContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * Turns a toolwright result into an MCP `tools/call` result. Success: text, or for rich content one block per part
 * (`text`, `image`, `audio`, `resource_link`, and a file as an embedded `resource` whose URI is
 * `attachment:<file name>`), each with its part's `annotations`, plus `structuredContent` when the handler returned a plain object. Failure of any kind:
 * `isError: true` and the readable `Error (CODE): message` text, so the model reads what went wrong instead of the
 * client seeing a protocol error. Text beyond `maxResultChars` (default 50,000) is cut to its head and tail;
 * `structuredContent` stays whole.
 */
export function toMcpToolResult(result: ToolResult, options: ModelOutputOptions = {}): McpToolResult {
  const { parts, isError } = modelOutput(result, options);
  const out: McpToolResult = { content: parts.map(annotatedBlock) };
  if (isError) out.isError = true;
  else if (!isRichContent(result.content) && isPlainObject(result.content)) out.structuredContent = result.content;
  return out;
}

// The part's annotations travel on its block: MCP's field for who a block is for and how much it matters.
function annotatedBlock(part: ContentPart): McpContentBlock {
  const block = mcpBlock(part);
  return part.annotations === undefined ? block : { ...block, annotations: mcpAnnotations(part.annotations) };
}

function mcpAnnotations({ audience, priority, lastModified }: ContentAnnotations): McpAnnotations {
  return {
    ...(audience === undefined ? {} : { audience: [...audience] }),
    ...(priority === undefined ? {} : { priority }),
    ...(lastModified === undefined ? {} : { lastModified }),
  };
}

function mcpBlock(part: ContentPart): McpContentBlock {
  switch (part.type) {
    case "text":
      return { type: "text", text: part.text };
    case "image":
      if (part.url === undefined) return { type: "image", data: part.data, mimeType: part.mimeType };
      // MCP images are bytes; an image known by URL is a link the client may fetch.
      return {
        type: "resource_link",
        uri: part.url,
        name: part.url.split(/[?#]/)[0]!.split("/").pop() || "image",
        ...(part.mimeType === undefined ? {} : { mimeType: part.mimeType }),
      };
    case "audio":
      return { type: "audio", data: part.data, mimeType: part.mimeType };
    case "file":
      return {
        type: "resource",
        resource: { uri: `attachment:${encodeURIComponent(part.filename)}`, mimeType: part.mimeType, blob: part.data },
      };
    case "resource_link": {
      const { uri, name, mimeType, description } = part;
      return {
        type: "resource_link",
        uri,
        name,
        ...(mimeType === undefined ? {} : { mimeType }),
        ...(description === undefined ? {} : { description }),
      };
    }
  }
}
