import { base64Problem } from "./base64.js";
import { type ContentPart, type ContentResult, isContentPart, partsOf } from "./content-part.js";
import { AUDIO_MIME_TYPES, IMAGE_MIME_TYPES, essence, isMimeType } from "./mime-types.js";

/**
 * One thing wrong with a part of a result: where (a JSON Pointer, `/parts/1/data` inside `content(...)`, `/data` for a
 * single part), the field's rule (`required`, `base64`, `mimeType`, `type`) and a message naming the part. The same
 * shape as an argument issue, so it travels on an `INVALID_RESULT` error as they do.
 */
export interface ContentIssue {
  readonly path: string;
  readonly keyword: string;
  readonly message: string;
}

const KINDS = ["text", "image", "audio", "file", "resource_link"];

/**
 * Checks rich content (one part, or `content(...)`) and returns every problem: a missing or empty field, data that is
 * not base64, a mime type that is malformed or not of the part's kind. An empty list means every provider builder can
 * render it. Pure; never throws.
 */
export function checkContent(value: ContentPart | ContentResult): ContentIssue[] {
  // Parts are frozen, so one answer serves every builder and the dispatch check: scanning a 5 MB image's base64
  // costs tens of milliseconds.
  const known = checked.get(value);
  if (known) return [...known];
  const issues: ContentIssue[] = [];
  const single = value.type !== "content";
  const parts = partsOf(value);
  parts.forEach((part, index) => {
    const at = single ? "" : `/parts/${index}`;
    const label = single ? "the result" : `part ${index + 1} of ${parts.length}`;
    checkPart(part, at, label, issues);
  });
  if (Object.isFrozen(value)) checked.set(value, Object.freeze([...issues]));
  return issues;
}

const checked = new WeakMap<object, readonly ContentIssue[]>();

function checkPart(part: unknown, at: string, label: string, issues: ContentIssue[]): void {
  const add = (field: string, keyword: string, what: string) =>
    issues.push({ path: field ? `${at}/${field}` : at, keyword, message: `${label}: ${what}` });
  if (typeof part !== "object" || part === null || !isContentPart(part) || !KINDS.includes(part.type)) {
    add(
      "",
      "type",
      `${describe(part)} is not a content part; use a string, image(), audio(), file() or resourceLink()`,
    );
    return;
  }
  const p = part as unknown as Record<string, unknown>;
  const kind = `${part.type === "resource_link" ? "resource link" : part.type} part`;
  const need = (field: string) => {
    const present = typeof p[field] === "string" && p[field] !== "";
    if (!present) add(field, "required", `the ${kind} needs \`${field}\`, a non-empty string`);
    return present;
  };
  if (p.annotations !== undefined) checkAnnotations(p.annotations, kind, add);
  switch (part.type) {
    case "text":
      if (typeof p.text !== "string") add("text", "required", "the text part needs `text`, a string");
      return;
    case "resource_link":
      need("uri");
      need("name");
      if (p.mimeType !== undefined) checkMime(p.mimeType, undefined, kind, add);
      return;
    case "image":
      if (p.url !== undefined) {
        if (need("url") && !/^https?:\/\//i.test(p.url as string)) {
          add("url", "format", `the image part's \`url\` must be an http(s) URL; got ${JSON.stringify(p.url)}`);
        }
        if (p.mimeType !== undefined) checkMime(p.mimeType, IMAGE_MIME_TYPES, kind, add);
        return;
      }
      break;
    case "file":
      need("filename");
      break;
  }
  if (need("data")) {
    const problem = base64Problem(p.data as string);
    if (problem) add("data", "base64", `the ${kind}'s \`data\` ${problem}`);
  }
  if (need("mimeType")) {
    checkMime(
      p.mimeType,
      part.type === "image" ? IMAGE_MIME_TYPES : part.type === "audio" ? AUDIO_MIME_TYPES : undefined,
      kind,
      add,
    );
  }
}

const AUDIENCES: ReadonlySet<unknown> = new Set(["user", "assistant"]);

// MCP's rules for content annotations: an audience of "user" / "assistant", a priority from 0 to 1, a time as text.
function checkAnnotations(
  annotations: unknown,
  kind: string,
  add: (field: string, keyword: string, what: string) => void,
): void {
  if (typeof annotations !== "object" || annotations === null || Array.isArray(annotations)) {
    add("annotations", "type", `the ${kind}'s \`annotations\` must be an object; got ${describe(annotations)}`);
    return;
  }
  const { audience, priority, lastModified } = annotations as Record<string, unknown>;
  if (audience !== undefined && (!Array.isArray(audience) || !audience.every((who) => AUDIENCES.has(who)))) {
    const got = JSON.stringify(audience);
    add(
      "annotations/audience",
      "enum",
      `the ${kind}'s \`annotations.audience\` must list "user" and/or "assistant"; got ${got}`,
    );
  }
  if (priority !== undefined && (typeof priority !== "number" || !(priority >= 0 && priority <= 1))) {
    const got = JSON.stringify(priority);
    add(
      "annotations/priority",
      "range",
      `the ${kind}'s \`annotations.priority\` must be a number from 0 to 1; got ${got}`,
    );
  }
  if (lastModified !== undefined && typeof lastModified !== "string") {
    add("annotations/lastModified", "type", `the ${kind}'s \`annotations.lastModified\` must be an ISO 8601 string`);
  }
}

function checkMime(
  mimeType: unknown,
  known: ReadonlySet<string> | undefined,
  kind: string,
  add: (field: string, keyword: string, what: string) => void,
): void {
  if (typeof mimeType !== "string" || !isMimeType(mimeType)) {
    add(
      "mimeType",
      "mimeType",
      `the ${kind}'s \`mimeType\` ${JSON.stringify(mimeType)} is not a type/subtype mime type`,
    );
  } else if (known && !known.has(essence(mimeType))) {
    add(
      "mimeType",
      "mimeType",
      `the ${kind}'s \`mimeType\` "${mimeType}" is unknown; use one of ${[...known].join(", ")}`,
    );
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return `a ${typeof value}`;
  const type = (value as { type?: unknown }).type;
  return typeof type === "string" ? `an object of type "${type}" not made by toolwright` : "an object";
}
