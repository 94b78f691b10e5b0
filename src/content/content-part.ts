// Symbol.for, so parts made by the ESM copy of toolwright are recognised by the CommonJS copy. A symbol key, not a
// `type` field alone: a tool that returns `{ type: "file", path }` from a listing is data, not a file part.
const PART = Symbol.for("toolwright.content-part");

/**
 * Who a part is for and how much it matters (MCP content `annotations`): `audience` names the readers it is meant for
 * (`"user"`, `"assistant"`), `priority` its weight from 0 (optional) to 1 (required), `lastModified` an ISO 8601 time.
 * MCP sends them with the part's block; the other providers have no field for them and send the part alone.
 */
export interface ContentAnnotations {
  readonly audience?: readonly ("user" | "assistant")[];
  readonly priority?: number;
  readonly lastModified?: string;
}

/** A piece of text in a mixed result; `content("caption", image(...))` makes one of each string. */
export interface TextPart {
  readonly type: "text";
  readonly text: string;
  readonly annotations?: ContentAnnotations;
}

/** An image, as base64 bytes with their mime type, or by URL (for the providers that fetch one). */
export type ImagePart =
  | {
      readonly type: "image";
      readonly data: string;
      readonly mimeType: string;
      readonly url?: undefined;
      readonly annotations?: ContentAnnotations;
    }
  | {
      readonly type: "image";
      readonly url: string;
      readonly mimeType?: string;
      readonly data?: undefined;
      readonly annotations?: ContentAnnotations;
    };

/** A sound, as base64 bytes with their mime type. */
export interface AudioPart {
  readonly type: "audio";
  readonly data: string;
  readonly mimeType: string;
  readonly annotations?: ContentAnnotations;
}

/** A file (a PDF, a CSV, ...), as base64 bytes with their mime type and a file name. */
export interface FilePart {
  readonly type: "file";
  readonly data: string;
  readonly mimeType: string;
  readonly filename: string;
  readonly annotations?: ContentAnnotations;
}

/** A link to a resource the client can fetch (MCP `resource_link`); other providers read it as text. */
export interface ResourceLinkPart {
  readonly type: "resource_link";
  readonly uri: string;
  readonly name: string;
  readonly mimeType?: string;
  readonly description?: string;
  readonly annotations?: ContentAnnotations;
}

/** One part of a rich result. */
export type ContentPart = TextPart | ImagePart | AudioPart | FilePart | ResourceLinkPart;

/** A result that mixes text and parts, in order: what `content(...)` returns. */
export interface ContentResult {
  readonly type: "content";
  readonly parts: readonly ContentPart[];
}

/** Returns `{ annotations }` when the source has them, else nothing: a part without them has no such key at all. */
export function annotated(source: { readonly annotations?: ContentAnnotations }): {
  annotations?: ContentAnnotations;
} {
  return source.annotations === undefined ? {} : { annotations: source.annotations };
}

/** Marks a part (or a `content(...)` result) as made by toolwright's factories, and freezes it. */
export function brand<T extends ContentPart | ContentResult>(value: T): T {
  // Not enumerable: a part compares, spreads and serialises as the plain data it documents.
  return Object.freeze(Object.defineProperty(value, PART, { value: true }));
}

/** Returns true when `value` is a part made by `image`, `audio`, `file`, `resourceLink` or `content`'s text. */
export function isContentPart(value: unknown): value is ContentPart {
  return (
    typeof value === "object" && value !== null && PART in value && (value as { type?: unknown }).type !== "content"
  );
}

/** Returns true when `value` was made by `content(...)`. */
export function isContentResult(value: unknown): value is ContentResult {
  return (
    typeof value === "object" && value !== null && PART in value && (value as { type?: unknown }).type === "content"
  );
}

/** Returns true when a handler's value is rich content: one part, or `content(...)`. */
export function isRichContent(value: unknown): value is ContentPart | ContentResult {
  return typeof value === "object" && value !== null && PART in value;
}

/** Returns the parts of rich content in order: a single part is a list of one. */
export function partsOf(value: ContentPart | ContentResult): readonly ContentPart[] {
  return value.type === "content" ? value.parts : [value];
}
