import { checkContent } from "../content/check-content.js";
import { isRichContent, partsOf } from "../content/content-part.js";
import { essence } from "../content/mime-types.js";
import { DEFAULT_MAX_RESULT_CHARS } from "../content/truncate-for-model.js";
import type { CompatibilityFinding } from "../schema/finding.js";
import type { ModelOutputOptions } from "../tool/model-output.js";
import { type ToolResult, renderToolResult } from "../tool/tool-result.js";
import { MB, type ResultLimits, takes } from "./result-limits.js";
import { RESULT_LIMITS, type ResultPath } from "./provider-rules.js";

/**
 * Returns what `path` would not take in a result, before the request is sent: as errors, a part the checker refuses
 * (it would be sent as an `INVALID_RESULT` failure) and media over the provider's byte limits (the provider would
 * answer 400 or 413); as warnings, media of a type the provider does not take (the builder names them in the text
 * instead) and text longer than `maxResultChars` (the model reads its head and tail). `path` is the finding's
 * pointer into the result (`/parts/1`); `rule` reads `<path>.result.<what>`. Pure: nothing is thrown or logged.
 * @example
 * for (const f of checkResultCompatibility(result, "anthropic")) console.warn(`${f.severity} ${f.path} ${f.message}`);
 */
export function checkResultCompatibility(
  result: ToolResult,
  path: ResultPath,
  options: ModelOutputOptions = {},
): CompatibilityFinding[] {
  const findings: CompatibilityFinding[] = [];
  const add = (at: string, rule: string, severity: "error" | "warning", message: string) =>
    findings.push({ tool: result.toolName, path: at, rule: `${path}.result.${rule}`, severity, message });
  const max = options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
  if (!result.ok || !isRichContent(result.content)) {
    const length = renderToolResult(result).length;
    if (length > max) add("", "length", "warning", `the result's ${length} characters are cut to ${max}.`);
    return findings;
  }
  for (const issue of checkContent(result.content)) add(issue.path, "invalid", "error", `${issue.message}.`);
  if (findings.length > 0) return findings;
  const limits: ResultLimits = RESULT_LIMITS[path];
  const single = result.content.type !== "content";
  let total = 0;
  let text = 0;
  partsOf(result.content).forEach((part, index) => {
    const at = single ? "" : `/parts/${index}`;
    if (part.type === "text") text += part.text.length;
    if (part.type === "text" || part.type === "resource_link" || part.data === undefined) return;
    const type = essence(part.mimeType);
    // Measured as sent: the providers' limits count the base64 text in the request (Anthropic's 400 reads "image
    // exceeds 5 MB maximum: <base64 length> bytes"), a third more than the decoded bytes.
    const bytes = part.data.length;
    total += bytes;
    const listed =
      part.type === "image" ? limits.imageTypes : part.type === "audio" ? limits.audioTypes : limits.fileTypes;
    if (!takes(listed, type)) {
      add(
        at,
        `${part.type}-type`,
        "warning",
        `${path} takes no ${type} ${part.type} here; the model reads a note naming it instead.`,
      );
    }
    const each = part.type === "image" ? limits.imageBytes : undefined;
    if (each !== undefined && bytes > each) {
      add(
        at,
        "image-size",
        "error",
        `the image is ${megabytes(bytes)} as sent (base64); ${path} takes images up to ${megabytes(each)} (${limits.source}).`,
      );
    }
  });
  if (limits.requestBytes !== undefined && total > limits.requestBytes) {
    add(
      "",
      "request-size",
      "error",
      `the media add up to ${megabytes(total)} as sent (base64); ${path} takes up to ${megabytes(limits.requestBytes)} per request (${limits.source}).`,
    );
  }
  if (text > max) add("", "length", "warning", `the result's ${text} characters of text are cut to ${max}.`);
  return findings;
}

function megabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}
