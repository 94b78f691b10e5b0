import type * as ts from "typescript";
import type { TypeScript } from "./load-typescript.js";
import type { FoundMethod } from "./method-schema.js";

/** The decorated methods of one file, and the module the file imports the decorators from. */
export interface FileMethods {
  readonly methods: FoundMethod[];
  /** The module specifier of the decorators' import (`"toolwright"`, `"../src/index.js"`), if one was seen. */
  readonly importedFrom?: string;
  /** Decorated methods in classes without a name, which the runtime cannot key. */
  readonly anonymous: ts.Node[];
  /** Definition mistakes only the compiler sees: a TypeScript `private` method, a class that is no agent. */
  readonly mistakes: { readonly node: ts.Node; readonly message: string }[];
}

const DECORATORS: Readonly<Record<string, FoundMethod["kind"]>> = { tool: "tool", builtinTool: "builtin" };

/**
 * Finds the methods of named classes decorated with `@tool(...)` or `@builtinTool(...)` (also through a renamed
 * import) that take their schema from the generator: those without `inputSchema`, and whose `params` is absent or an
 * object literal (a Standard Schema or a variable is left to the runtime).
 */
export function findMethods(tsApi: TypeScript, checker: ts.TypeChecker, file: ts.SourceFile): FileMethods {
  const methods: FoundMethod[] = [];
  const anonymous: ts.Node[] = [];
  const mistakes: { node: ts.Node; message: string }[] = [];
  let importedFrom: string | undefined;
  const visit = (node: ts.Node): void => {
    if (tsApi.isClassLike(node)) {
      for (const member of node.members) {
        if (!tsApi.isMethodDeclaration(member)) continue;
        for (const decorator of tsApi.getDecorators(member) ?? []) {
          const call = decorator.expression;
          if (!tsApi.isCallExpression(call)) continue;
          const match = decoratorKind(tsApi, checker, call.expression);
          if (!match) continue;
          importedFrom ??= match.module;
          const declared = declaredParams(tsApi, call.arguments[0]);
          if (!declared) continue;
          const name =
            tsApi.isIdentifier(member.name) || tsApi.isStringLiteral(member.name) ? member.name.text : undefined;
          if (name === undefined) continue; // #private and computed names: the decorator rejects them at run time
          const where = `@${match.kind === "builtin" ? "builtinTool" : "tool"} on ${node.name?.text ?? "(class)"}.${name}`;
          const hidden = tsApi
            .getModifiers(member)
            ?.find((m) => m.kind === tsApi.SyntaxKind.PrivateKeyword || m.kind === tsApi.SyntaxKind.ProtectedKeyword);
          if (hidden) mistakes.push({ node: member, message: hiddenMessage(where, hidden.getText()) });
          if (methods.every((m) => m.className !== node.name?.text) && !extendsBaseAgent(tsApi, checker, node)) {
            mistakes.push({
              node: member,
              message: `${where}: the class does not extend BaseAgent, so its tools are never listed or called`,
            });
          }
          if (!node.name) {
            anonymous.push(member);
            continue;
          }
          const needsModule = needsGenerated(tsApi, match.kind, call.arguments[0], member, declared);
          methods.push({ kind: match.kind, className: node.name.text, method: member, name, declared, needsModule });
        }
      }
    }
    tsApi.forEachChild(node, visit);
  };
  visit(file);
  return { methods, anonymous, mistakes, ...(importedFrom ? { importedFrom } : {}) };
}

// TypeScript's `private` is erased: the decorator cannot see it, and the model would be shown the method as a tool.
function hiddenMessage(where: string, modifier: string): string {
  return (
    `${where}: the method is TypeScript \`${modifier}\`, which is erased at run time, so the model would still see and ` +
    "call it as a tool; make the method public, or remove the decorator"
  );
}

// Through the checker's base types, so an agent class reached through other classes counts. Only a chain that
// resolves to plain classes all the way up, none of them BaseAgent, is reported: a base the checker cannot follow (a
// mixin's type parameter, an `any`, a failed import) is given the benefit of the doubt.
function extendsBaseAgent(tsApi: TypeScript, checker: ts.TypeChecker, node: ts.ClassLikeDeclaration): boolean {
  const seen = new Set<ts.Type>();
  const visit = (type: ts.Type): boolean => {
    if (seen.has(type)) return false;
    seen.add(type);
    if (type.getSymbol()?.getName() === "BaseAgent") return true;
    if (!type.isClassOrInterface()) return true;
    return (checker.getBaseTypes(type) ?? []).some(visit);
  };
  const uncertain = node.heritageClauses?.some((clause) =>
    clause.types.some((t) => {
      const base = checker.getTypeAtLocation(t);
      return (base.flags & (tsApi.TypeFlags.Any | tsApi.TypeFlags.TypeParameter)) !== 0 || !base.isClassOrInterface();
    }),
  );
  return uncertain === true || visit(checker.getTypeAtLocation(node));
}

function decoratorKind(
  tsApi: TypeScript,
  checker: ts.TypeChecker,
  callee: ts.Expression,
): { kind: FoundMethod["kind"]; module?: string } | undefined {
  const local = tsApi.isIdentifier(callee)
    ? callee
    : tsApi.isPropertyAccessExpression(callee)
      ? callee.name
      : undefined;
  if (!local) return undefined;
  const symbol = checker.getSymbolAtLocation(local);
  let name = local.text;
  let module: string | undefined;
  const specifier = symbol?.declarations?.find(tsApi.isImportSpecifier);
  if (specifier) {
    name = (specifier.propertyName ?? specifier.name).text;
    const from = specifier.parent.parent.parent.moduleSpecifier;
    if (tsApi.isStringLiteral(from)) module = from.text;
  }
  const kind = DECORATORS[name];
  return kind ? { kind, ...(module ? { module } : {}) } : undefined;
}

// Returns the keys of an object-literal `params`, an empty set without `params`, or undefined when the schema is
// given another way (`inputSchema`, a Standard Schema or a variable), which the generator leaves alone.
// Whether the decorator's options leave something only the generated module gives: the description (from JSDoc) or a
// parameter's type. Options that are not an object literal cannot be read, so they are taken to need it.
function needsGenerated(
  tsApi: TypeScript,
  kind: FoundMethod["kind"],
  options: ts.Expression | undefined,
  member: ts.MethodDeclaration,
  declared: ReadonlySet<string>,
): boolean {
  if (!options || !tsApi.isObjectLiteralExpression(options)) return true;
  const has = (key: string) =>
    options.properties.some((p) => p.name !== undefined && tsApi.isIdentifier(p.name) && p.name.text === key);
  if (!has("description")) return true;
  if (kind === "tool") return !has("params");
  return member.parameters.some(
    (parameter) =>
      parameter.initializer === undefined && !(tsApi.isIdentifier(parameter.name) && declared.has(parameter.name.text)),
  );
}

function declaredParams(tsApi: TypeScript, options: ts.Expression | undefined): Set<string> | undefined {
  if (!options) return new Set();
  if (!tsApi.isObjectLiteralExpression(options)) return new Set();
  const property = (key: string) =>
    options.properties.find((p) => p.name !== undefined && tsApi.isIdentifier(p.name) && p.name.text === key);
  if (property("inputSchema")) return undefined;
  const params = property("params");
  if (!params) return new Set();
  if (!tsApi.isPropertyAssignment(params) || !tsApi.isObjectLiteralExpression(params.initializer)) return undefined;
  const keys = params.initializer.properties.map((p) => p.name?.getText().replace(/^["']|["']$/g, "") ?? "");
  return new Set(keys);
}
