/**
 * The files of the throw-away consumer project the pack test installs the tarball into. They live here as text, not as
 * files of this repository, because they import "toolwright" by its package name: inside the repository that name
 * resolves to this package's own (possibly unbuilt) dist/, so the repository's typecheck and lint must not see them.
 * Each script prints one JSON line that the test parses.
 */

/** The consumer's package.json: an ESM project, like a new Node project today. */
export const consumerPackageJson = {
  name: "toolwright-consumer",
  version: "0.0.0",
  private: true,
  type: "module",
};

/**
 * The consumer's tsconfig: the settings a strict Node ESM project uses. `skipLibCheck: false`, so the package's own
 * .d.ts files are checked too. `typesRoot` is the folder that holds @types/node (the repository's, so nothing is
 * installed for it): a Node consumer has it, and the package's types name `AbortSignal`, which ES2022 lacks.
 */
export function consumerTsconfig(typesRoot: string): object {
  return {
    compilerOptions: {
      module: "NodeNext",
      moduleResolution: "NodeNext",
      target: "ES2022",
      lib: ["ES2022", "esnext.decorators"],
      strict: true,
      skipLibCheck: false,
      noEmitOnError: true,
      typeRoots: [typesRoot],
      types: ["node"],
      rootDir: "src",
      outDir: "out",
    },
    include: ["src"],
  };
}

/** An ESM TypeScript agent with a `@tool` and a `@builtinTool` method, compiled by tsc and run by node. */
export const agentTs = `import { BaseAgent, builtinTool, p, tool, type InferArgs, type ToolResult } from "toolwright";

const addParams = { a: p.number("First addend"), b: p.number("Second addend") };
type AddArgs = InferArgs<typeof addParams>;

class MathAgent extends BaseAgent {
  static agentName = "math_agent";

  @tool({ description: "Add two numbers", params: addParams, readOnly: true })
  add({ a, b }: AddArgs): number {
    return a + b;
  }

  @builtinTool({ description: "Repeat a word", params: { word: p.string("The word to repeat") } })
  repeat(word: string, times = 2): string {
    return Array.from({ length: times }, () => word).join(" ");
  }
}

// @ts-expect-error -- proves the types are real: a misspelt descriptor kind does not compile.
void (() => p.strng());

const agent = new MathAgent();
const sum: ToolResult = await agent.callTool("add", { a: 2, b: 3 });
const repeated = await agent.callTool("repeat", '{"word":"hi"}');
const mistake = await agent.callTool("add", { a: "two" });
console.log(JSON.stringify({ name: agent.name, specs: agent.toolSpecs(), sum, repeated, mistake }));
`;

/** A CommonJS TypeScript consumer: \`import x = require()\`, so the "require" types must resolve and be CommonJS. */
export const legacyCts = `import toolwright = require("toolwright");

const { BaseAgent, tool, p, ToolwrightError } = toolwright;

class EchoAgent extends BaseAgent {
  static agentName = "echo_agent";

  @tool({ description: "Echo a text", params: { text: p.string() } })
  echo({ text }: { text: string }): string {
    return text;
  }
}

type EchoArgs = toolwright.InferArgs<{ text: ReturnType<typeof p.string> }>;
// @ts-expect-error -- proves the types are real: the arguments object is typed from the descriptors.
const wrong: EchoArgs = { text: 1 };
void wrong;

const agent = new EchoAgent();
agent.callTool("echo", { text: "hello" }).then((result: toolwright.ToolResult) => {
  let notFound: unknown;
  try {
    toolwright.toolRegistry.get("no_such_tool");
  } catch (error) {
    notFound = error;
  }
  console.log(
    JSON.stringify({
      resolved: require.resolve("toolwright"),
      tools: agent.toolSpecs().map((spec) => spec.name),
      result,
      isError: ToolwrightError.is(notFound),
    }),
  );
});
`;

/** Plain ESM JavaScript: \`import\` must reach dist/esm. No decorator syntax (Node 20 has none), so it registers. */
export const esmMjs = `import { BaseAgent, ToolRegistry, p, tool } from "toolwright";

const registry = new ToolRegistry();
registry.register("multiply", ({ a, b }) => a * b, {
  description: "Multiply two numbers",
  params: { a: p.number(), b: p.number() },
});
class Calculator extends BaseAgent {
  static agentName = "calculator";
}
const agent = new Calculator({ registry });
const result = await agent.callTool("multiply", { a: 6, b: 7 });
console.log(
  JSON.stringify({
    resolved: import.meta.resolve("toolwright"),
    toolIsFunction: typeof tool === "function",
    tools: agent.toolSpecs().map((spec) => spec.name),
    content: result.content,
  }),
);
`;

/** Plain CommonJS JavaScript: \`require\` must reach dist/cjs. */
export const cjsCjs = `const { BaseAgent, ToolRegistry, p, tool } = require("toolwright");

const registry = new ToolRegistry();
registry.register("subtract", ({ a, b }) => a - b, {
  description: "Subtract b from a",
  params: { a: p.number(), b: p.number() },
});
class Calculator extends BaseAgent {
  static agentName = "calculator";
}
const agent = new Calculator({ registry });
agent.callTool("subtract", { a: 10, b: 4 }).then((result) => {
  console.log(
    JSON.stringify({
      resolved: require.resolve("toolwright"),
      toolIsFunction: typeof tool === "function",
      tools: agent.toolSpecs().map((spec) => spec.name),
      content: result.content,
    }),
  );
});
`;

/**
 * Loads both copies at once, as an app does when one dependency imports toolwright and another requires it: they must
 * share the one \`toolRegistry\`, and each copy's \`ToolwrightError.is\` must recognise the other's errors.
 */
export const dualMjs = `import { createRequire } from "node:module";
import * as esm from "toolwright";

const require = createRequire(import.meta.url);
const cjs = require("toolwright");

cjs.toolRegistry.register("ping", () => "pong", { description: "Answer pong", params: {} });

class EsmAgent extends esm.BaseAgent {
  static agentName = "esm_agent";
}
class CjsAgent extends cjs.BaseAgent {
  static agentName = "cjs_agent";
}
const fromEsm = await new EsmAgent().callTool("ping", {});
const fromCjs = await new CjsAgent().callTool("ping", {});

let cjsError;
try {
  cjs.toolRegistry.get("no_such_tool");
} catch (error) {
  cjsError = error;
}
let esmError;
try {
  esm.toolRegistry.register("ping", () => "again", { description: "A duplicate", params: {} });
} catch (error) {
  esmError = error;
}

console.log(
  JSON.stringify({
    twoCopies: esm.BaseAgent !== cjs.BaseAgent,
    esmResolved: import.meta.resolve("toolwright"),
    cjsResolved: require.resolve("toolwright"),
    sameRegistry: esm.toolRegistry === cjs.toolRegistry,
    esmSeesCjsTool: esm.toolRegistry.has("ping"),
    esmAgentCallsCjsTool: fromEsm.content,
    cjsAgentCallsCjsTool: fromCjs.content,
    esmIsRecognisesCjsError: esm.ToolwrightError.is(cjsError),
    cjsIsRecognisesEsmError: cjs.ToolwrightError.is(esmError),
    cjsErrorCode: cjsError?.code,
    esmErrorCode: esmError?.code,
  }),
);
`;

/**
 * What `import "toolwright"` loads before the first call, and the subpath entries beside it: they must share the main
 * entry's module state (one copy of each class), in ESM and in CommonJS alike.
 */
export const loadsMjs = `import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
// CommonJS packages land in the one require cache however they were loaded; builtins in process.moduleLoadList.
const loaded = () => ({
  http: process.moduleLoadList.includes("NativeModule http"),
  packages: ["ajv", "ajv-formats", "re2js", "acorn"].filter((name) =>
    Object.keys(require.cache).some((file) => file.includes(\`/node_modules/\${name}/\`)),
  ),
  // ajv, ajv-formats and ajv's standalone generator, bundled into one file of toolwright's by its build.
  ajvFamily: Object.keys(require.cache).some((file) => file.endsWith("/node_modules/toolwright/dist/cjs/ajv-family.cjs")),
});

const esm = await import("toolwright");
const atImport = loaded();
const registry = new esm.ToolRegistry();
registry.register("add", ({ a, b }) => a + b, { description: "Add", params: { a: esm.p.number(), b: esm.p.number() } });
class Calculator extends esm.BaseAgent {
  static agentName = "calculator";
}
const sum = await new Calculator({ registry }).callTool("add", { a: 2, b: 3 });
const afterCall = loaded();
// A format: ajv-formats, from the same file as ajv.
registry.register("send", ({ to }) => "sent to " + to, { description: "Send", params: { to: esm.p.string({ format: "email" }) } });
const calculator = new Calculator({ registry });
const mail = [await calculator.callTool("send", { to: "a@example.com" }), await calculator.callTool("send", { to: "nobody" })];
const afterFormat = loaded();

const esmMcp = await import("toolwright/mcp");
const esmRedis = await import("toolwright/redis");
// The worker and browser build (the workerd, worker, browser and edge-light conditions), imported by path: Node
// itself never picks it, but its entries must export what the Node build's do.
const web = (file) => import(new URL(\`../node_modules/toolwright/dist/web/\${file}\`, import.meta.url).href);
const webMain = await web("index.js");
const webMcp = await web("mcp/index.js");
const cjs = require("toolwright");
const cjsMcp = require("toolwright/mcp");
const cjsRedis = require("toolwright/redis");
const names = (entry) => Object.keys(entry).sort();

console.log(
  JSON.stringify({
    atImport,
    sum: sum.content,
    afterCall,
    mail: mail.map((result) => [result.ok, result.ok ? result.content : result.error.message]),
    afterFormat,
    esmNames: { main: names(esm), mcp: names(esmMcp), redis: names(esmRedis) },
    cjsNames: { main: names(cjs), mcp: names(cjsMcp), redis: names(cjsRedis) },
    webNames: { main: names(webMain), mcp: names(webMcp) },
    esmSubpathSharesMainClasses: esmRedis.StoreUnavailableError === esm.StoreUnavailableError,
    cjsSubpathSharesMainClasses: cjsRedis.StoreUnavailableError === cjs.StoreUnavailableError,
  }),
);
`;

/** The same first look from a CommonJS program, in a process of its own. */
export const loadsCjs = `const before = new Set(Object.keys(require.cache));
const cjs = require("toolwright");
const loadedPackages = ["ajv", "ajv-formats", "re2js", "acorn"].filter((name) =>
  Object.keys(require.cache).some((file) => !before.has(file) && file.includes(\`/node_modules/\${name}/\`)),
);
const ajvFamily = Object.keys(require.cache).some((file) => file.endsWith("/toolwright/dist/cjs/ajv-family.cjs"));
console.log(
  JSON.stringify({
    http: process.moduleLoadList.includes("NativeModule http"),
    packages: loadedPackages,
    ajvFamily,
    exports: Object.keys(cjs).length,
  }),
);
`;

/** A workflow module that uses the workflow side of toolwright/temporal, for Temporal's bundler. */
export const workflowMjs = `import { workflowTools } from "toolwright/temporal-workflow";

export async function turn() {
  const tools = workflowTools({ agent: "billing" });
  return tools.specs();
}
`;
