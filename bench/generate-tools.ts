import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { transformSync } from "esbuild";
import type { BaseAgent, BaseAgentOptions, ToolSpec } from "../src/index.js";
import { distEntry } from "./ensure-build.js";

/** How many tools the generated class declares. */
export const TOOL_COUNT = 200;

/** A generated agent class; each {@link ToolwrightModule.defineAgent} call evaluates its 200 decorators afresh. */
export type GeneratedAgentClass = new (options?: BaseAgentOptions) => BaseAgent;

/** The generated toolwright module. */
export interface ToolwrightModule {
  defineAgent(): GeneratedAgentClass;
}

/** The generated peer and floor modules: each builds 200 tools and returns their specs. */
export interface SpecsModule {
  defineSpecs(): readonly ToolSpec[];
}

/** The generated ajv floor: the literal specs, each with a validator compiled by `ajv` on its first call. */
export interface AjvLazyModule {
  defineTools(ajv: { compile(schema: object): (args: unknown) => boolean }): readonly ToolSpec[];
}

/** Where the generated modules were written. */
export interface GeneratedModules {
  readonly dir: string;
  readonly toolwright: string;
  /** The same class as plain JavaScript importing the built package (dist/esm), for fresh processes. */
  readonly toolwrightBuilt: string;
  readonly zod: string;
  readonly plain: string;
  /** The floor the issue names: the JSON literals, each with an ajv validator compiled on first use. */
  readonly ajvLazy: string;
  /** The plain floor as an .mjs file, for fresh processes. */
  readonly plainBuilt: string;
  /** Deletes the folder. */
  readonly remove: () => void;
}

const indexUrl = new URL("../src/index.js", import.meta.url).href;
const zodUrl = import.meta.resolve("zod");

// Every fourth tool is a @builtinTool, so the reflector's source reading is part of the cost, as in a real agent.
const isBuiltin = (i: number) => i % 4 === 3;

function toolwrightSource(entryUrl: string): string {
  const methods: string[] = [];
  for (let i = 0; i < TOOL_COUNT; i++) {
    if (isBuiltin(i)) {
      methods.push(`
    @builtinTool({ description: "Find records like number ${i}", params: { query: p.string("What to look for") } })
    find${i}(query: string, limit = 10): string { return query + limit; }`);
    } else {
      methods.push(`
    @tool({
      description: "Look up record number ${i}",
      params: { id: p.string("Record id"), limit: p.integer({ minimum: 1 }).default(10), verbose: p.boolean().optional() },
      readOnly: true,
    })
    lookup${i}({ id }: { id: string; limit: number; verbose?: boolean }): string { return id; }`);
    }
  }
  return `import { BaseAgent, builtinTool, p, tool } from ${JSON.stringify(entryUrl)};

export function defineAgent() {
  return class GeneratedAgent extends BaseAgent {
    static agentName = "generated_agent";
${methods.join("\n")}
  };
}
`;
}

function zodSource(): string {
  const tools: string[] = [];
  for (let i = 0; i < TOOL_COUNT; i++) {
    tools.push(
      isBuiltin(i)
        ? `tool("find${i}", "Find records like number ${i}", z.strictObject({ query: z.string().describe("What to look for"), limit: z.number().int().default(10) }))`
        : `tool("lookup${i}", "Look up record number ${i}", z.strictObject({ id: z.string().describe("Record id"), limit: z.number().int().min(1).default(10), verbose: z.boolean().optional() }))`,
    );
  }
  return `import { z } from ${JSON.stringify(zodUrl)};

// The usual zod route to provider tools: a schema per tool, converted to JSON Schema when the specs are exported.
export function defineSpecs() {
  const tool = (name, description, schema) => ({ name, description, schema });
  const tools = [
    ${tools.join(",\n    ")},
  ];
  return tools.map(({ name, description, schema }) => ({ name, description, inputSchema: z.toJSONSchema(schema, { io: "input" }) }));
}
`;
}

// The floors write by hand what toolwright's export hands out for the class, so both sides end with the same OpenAI
// tools (define-tools.ts checks they are equal): the strict-mode schema OpenAI's Structured Outputs take, every
// property required, the optional ones nullable, the default told in the description (`strict: true`). A developer
// writing strict tools by hand writes this form once, and validates calls against it.
function plainSource(): string {
  const specs: string[] = [];
  for (let i = 0; i < TOOL_COUNT; i++) {
    const properties = isBuiltin(i)
      ? `{ query: { type: "string", description: "What to look for" }, limit: { type: ["integer", "null"], description: "Default: 10." } }, required: ["query", "limit"]`
      : `{ id: { type: "string", description: "Record id" }, limit: { type: ["integer", "null"], minimum: 1, description: "Default: 10." }, verbose: { type: ["boolean", "null"] } }, required: ["id", "limit", "verbose"]`;
    const name = isBuiltin(i) ? `find${i}` : `lookup${i}`;
    const description = isBuiltin(i) ? `Find records like number ${i}` : `Look up record number ${i}`;
    specs.push(
      `{ name: "${name}", description: "${description}", inputSchema: { type: "object", properties: ${properties}, additionalProperties: false } }`,
    );
  }
  return `// The floor: specs written out by hand as strict-mode JSON Schema literals, nothing computed.
export function defineSpecs() {
  return [
    ${specs.join(",\n    ")},
  ];
}
`;
}

function ajvLazySource(): string {
  const literals = plainSource().slice(
    plainSource().indexOf("return [") + "return [".length,
    plainSource().lastIndexOf("];"),
  );
  return `// The floor the issue names: the same JSON Schema literals, each tool with an ajv validator compiled on its
// first call (the \`ajv\` instance is made once, outside the timing: warm).
export function defineTools(ajv) {
  const tool = (spec) => {
    let compiled;
    return { ...spec, validate: (args) => (compiled ??= ajv.compile(spec.inputSchema))(args) };
  };
  return [${literals}].map(tool);
}
`;
}

/** Writes the generated modules (as .ts, so tsx compiles the decorators) into a new temp folder. */
export function writeGeneratedModules(): GeneratedModules {
  const dir = mkdtempSync(join(tmpdir(), "toolwright-bench-"));
  const write = (name: string, source: string) => {
    const file = join(dir, name);
    writeFileSync(file, source);
    return pathToFileURL(file).href;
  };
  return {
    dir,
    toolwright: write("toolwright-agent.ts", toolwrightSource(indexUrl)),
    // Node 20 cannot parse decorators: compiled ahead of time, as a user's build would.
    toolwrightBuilt: write(
      "toolwright-agent-built.mjs",
      transformSync(toolwrightSource(pathToFileURL(distEntry).href), { loader: "ts", format: "esm", target: "es2022" })
        .code,
    ),
    zod: write("zod-tools.ts", zodSource()),
    plain: write("plain-tools.ts", plainSource()),
    ajvLazy: write("ajv-lazy-tools.mjs", ajvLazySource()),
    plainBuilt: write("plain-tools.mjs", plainSource()),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
