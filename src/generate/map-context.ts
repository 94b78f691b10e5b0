import type * as ts from "typescript";
import type { JsonSchema } from "../params/json-schema.js";
import type { AnyParam } from "../params/param.js";
import type { Doc } from "./jsdoc.js";
import type { TypeScript } from "./load-typescript.js";

/** Where a type is used: the node (for file:line), the parameter path, its JSDoc and its written type, if any. */
export interface Site {
  readonly node: ts.Node;
  /** The parameter or property path, e.g. `filters.tags[]`, for messages. */
  readonly path: string;
  readonly doc: Doc;
  /** The type as written, used to keep literal unions in source order. */
  readonly typeNode?: ts.TypeNode | undefined;
}

/** The state of mapping one tool's types: the checker, and the `$defs` recursive types need. */
export interface MapContext {
  readonly ts: TypeScript;
  readonly checker: ts.TypeChecker;
  readonly program: ts.Program;
  /** `$defs` of the tool's schema, by name. */
  readonly defs: Map<string, JsonSchema>;
  /** The `$defs` name given to each recursive type. */
  readonly defNames: Map<ts.Type, string>;
  /** The named object types being expanded, to spot recursion. */
  readonly expanding: Set<ts.Type>;
  /** Maps a type to a descriptor; the entry point, passed around so the mapping files do not import each other. */
  readonly map: (type: ts.Type, site: Site) => AnyParam;
}

/** Returns a site for a part of a type (an element, a union member) without the parent's JSDoc. */
export function innerSite(site: Site, path: string, typeNode?: ts.TypeNode): Site {
  return { node: site.node, path, doc: { tags: [] }, typeNode };
}
