import type * as ts from "typescript";
import type { TypeScript } from "./load-typescript.js";

/** A JSDoc tag as written: `@minimum 1` is `{ name: "minimum", text: "1" }`. */
export interface DocTag {
  readonly name: string;
  readonly text: string;
}

/** The documentation of one parameter or property: its description and the tags that follow it. */
export interface Doc {
  readonly description?: string;
  readonly tags: readonly DocTag[];
}

/** The JSDoc of a method: its summary, and each `@param` with the tags written after it (`@minimum 1`, ...). */
export interface MethodDoc {
  readonly summary?: string;
  readonly params: ReadonlyMap<string, Doc>;
}

// `*/` cannot appear inside a comment, so docs write `*\/` (as in "src/**\/*.ts"); the model should read `*/`.
function clean(text: string | undefined): string | undefined {
  const cleaned = text?.replaceAll("*\\/", "*/").trim();
  return cleaned ? cleaned : undefined;
}

/** Reads a method's JSDoc. Tags after `@param name` belong to that parameter, so `@param n At most. @minimum 1` works. */
export function readMethodDoc(tsApi: TypeScript, method: ts.MethodDeclaration): MethodDoc {
  const docs = tsApi.getJSDocCommentsAndTags(method).filter(tsApi.isJSDoc);
  const last = docs.at(-1);
  const summary = clean(last ? tsApi.getTextOfJSDocComment(last.comment) : undefined);
  const params = new Map<string, { description?: string; tags: DocTag[] }>();
  let current: { description?: string; tags: DocTag[] } | undefined;
  for (const tag of last?.tags ?? []) {
    const text = clean(tsApi.getTextOfJSDocComment(tag.comment)) ?? "";
    if (tsApi.isJSDocParameterTag(tag)) {
      const description = clean(text.replace(/^-\s*/, ""));
      current = { ...(description ? { description } : {}), tags: [] };
      params.set(tag.name.getText(), current);
    } else {
      current?.tags.push({ name: tag.tagName.text, text });
    }
  }
  return { ...(summary ? { summary } : {}), params };
}

/**
 * Reads the JSDoc of a property (of an interface, alias or object type) through the checker, or, when TypeScript did
 * not attach it, from the comment written just before the property.
 */
export function readSymbolDoc(tsApi: TypeScript, checker: ts.TypeChecker, symbol: ts.Symbol): Doc {
  const description = clean(tsApi.displayPartsToString(symbol.getDocumentationComment(checker)));
  const tags = symbol.getJsDocTags(checker).map((tag) => ({
    name: tag.name,
    text: clean(tsApi.displayPartsToString(tag.text)) ?? "",
  }));
  if (description || tags.length > 0) return { ...(description ? { description } : {}), tags };
  return inlineDoc(tsApi, symbol.valueDeclaration) ?? { tags };
}

// TypeScript attaches a JSDoc comment only when it starts its own line, so `{ /** The query */ query: string }` has
// none for the checker; the comment is still in the text, just before the property.
function inlineDoc(tsApi: TypeScript, declaration: ts.Declaration | undefined): Doc | undefined {
  if (!declaration) return undefined;
  const text = declaration.getSourceFile().text;
  // The comment after `{` on the same line counts as trailing trivia of `{` for TypeScript, not as leading.
  const ranges = [
    ...(tsApi.getTrailingCommentRanges(text, declaration.pos) ?? []),
    ...(tsApi.getLeadingCommentRanges(text, declaration.pos) ?? []),
  ];
  const comment = ranges.at(-1);
  const raw = comment ? text.slice(comment.pos, comment.end) : "";
  if (!raw.startsWith("/**") || raw === "/**/") return undefined;
  const body = raw
    .slice(3, -2)
    .split("\n")
    .map((line) => line.replace(/^\s*\*?\s?/, ""))
    .join("\n");
  const [first = "", ...rest] = body.split(/(?:^|\s)@(?=[A-Za-z])/);
  const tags = rest.map((part) => {
    const [, name = "", tagText = ""] = /^(\w+)\s*([\s\S]*)$/.exec(part) ?? [];
    return { name, text: clean(tagText) ?? "" };
  });
  const description = clean(first);
  return { ...(description ? { description } : {}), tags };
}
