// A result as the model gets it: the MCP form of the call's result (toMcpToolResult), block by block, and the whole
// ToolResult the app keeps, folded below.
import { h, json } from "./dom.js";

/**
 * @param {string} data base64 @param {string} mimeType
 */
function blobUrl(data, mimeType) {
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: mimeType }));
}

/**
 * Only web links are followed: a tool's `javascript:` URI must not become a link the developer clicks.
 * @param {string} uri
 */
function safeLink(uri) {
  return /^https?:\/\//i.test(uri) ? uri : undefined;
}

/**
 * @param {any} block an MCP content block
 */
function renderBlock(block) {
  switch (block.type) {
    case "text": {
      let text = block.text;
      try {
        text = json(JSON.parse(block.text));
      } catch {
        // not JSON: shown as it is
      }
      return h("pre", { className: "block text" }, text);
    }
    case "image":
      return h("img", {
        className: "block image",
        alt: "image result",
        src: `data:${block.mimeType};base64,${block.data}`,
      });
    case "audio":
      return h("audio", { className: "block", controls: true, src: `data:${block.mimeType};base64,${block.data}` });
    case "resource": {
      const name = decodeURIComponent(String(block.resource.uri).replace(/^attachment:/, ""));
      const href = blobUrl(block.resource.blob, block.resource.mimeType);
      return h("a", { className: "block file", href, download: name }, `download ${name} (${block.resource.mimeType})`);
    }
    case "resource_link": {
      const href = safeLink(block.uri);
      const text = `${block.name}${block.description ? ` — ${block.description}` : ""} (${block.uri})`;
      return href
        ? h("a", { className: "block link", href, target: "_blank", rel: "noopener noreferrer" }, text)
        : h("span", { className: "block link" }, text);
    }
    default:
      return h("pre", { className: "block" }, json(block));
  }
}

/**
 * Renders one answer of the API (`{ result, model }`), or its `error` when the request itself failed.
 * @param {any} answer
 */
export function renderResult(answer) {
  if (answer.error) return h("div", { className: "result error" }, h("strong", {}, "request failed: "), answer.error);
  const { result, model } = answer;
  const outcome = h(
    "span",
    { className: `badge outcome ${result.ok ? "ok" : "bad"}`, "data-outcome": result.outcome },
    result.outcome,
  );
  return h(
    "div",
    { className: "result", "data-call": result.callId },
    h(
      "div",
      { className: "result-head" },
      outcome,
      h("code", {}, `${result.toolName} · ${result.callId}`),
      result.taskId ? h("code", {}, `task ${result.taskId}`) : null,
      result.approvalId ? h("code", {}, `approval ${result.approvalId}`) : null,
    ),
    h("div", { className: "model", "aria-label": "what the model reads" }, ...model.content.map(renderBlock)),
    model.structuredContent
      ? h("details", {}, h("summary", {}, "structuredContent"), h("pre", {}, json(model.structuredContent)))
      : null,
    h("details", {}, h("summary", {}, "ToolResult (what the app keeps)"), h("pre", {}, json(result))),
  );
}
