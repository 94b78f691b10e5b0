import { BaseAgent, ErrorCode, ToolDefinitionError, ToolRegistry, builtinTool, p, tool } from "toolwright";

const registry = () => new ToolRegistry();

describe("@tool", () => {
  it("names the tool after the method when no name is given", () => {
    class Files extends BaseAgent {
      @tool({ description: "List files" })
      listFiles() {
        return [];
      }
    }
    expect(new Files({ registry: registry() }).toolSpecs().map((s) => s.name)).toEqual(["listFiles"]);
  });

  it("uses the given name when one is given", () => {
    class Files extends BaseAgent {
      @tool({ name: "list_files", description: "List files" })
      listFiles() {
        return [];
      }
    }
    expect(new Files({ registry: registry() }).toolSpecs()[0]?.name).toBe("list_files");
  });

  it("records every option flag and exposes it on tools()", () => {
    const flags = {
      requiresApproval: (args: Readonly<Record<string, unknown>>) => args.path === "/",
      authScopes: ["files:write"],
      timeoutMs: 5_000,
      onTimeout: "background",
      maxRetries: 2,
      readOnly: false,
      destructive: true,
      idempotent: true,
      openWorld: false,
      concurrencySafe: false,
      executionMode: "serial",
      deferred: true,
      snippet: 'remove({ path: "/tmp/x" })',
      guidelines: "Only inside the workspace.",
      title: "Remove a file",
    } as const;
    class Files extends BaseAgent {
      @tool({ description: "Delete", params: { path: p.string() }, ...flags })
      remove({ path }: { path: string }) {
        return path;
      }
    }
    const [t] = new Files({ registry: registry() }).tools();
    expect(t).toMatchObject({ name: "remove", ...flags });
    expect(typeof t?.handler).toBe("function");
  });

  it.each([
    [{ description: "   " }, /description/],
    [{ description: "x", name: "has space" }, /tool name "has space" is invalid/],
    [{ description: "x", name: "a".repeat(65) }, /is invalid/],
    [{ description: "x", timeoutMs: -1 }, /timeoutMs/],
    [{ description: "x", onTimeout: "later" }, /onTimeout/],
    [{ description: "x", maxRetries: 1.5 }, /maxRetries/],
    [{ description: "x", executionMode: "sometimes" }, /executionMode/],
    [{ description: "x", readOnly: "yes" }, /readOnly/],
    [{ description: "x", requiresApproval: "yes" }, /requiresApproval/],
    [{ description: "x", allowedAgents: "planner" }, /allowedAgents/],
    [{ description: "x", allowedAgents: ["0f8fad5b-d9cb-469f-a165-70867728950e"] }, /looks like an agent id/],
    [
      { description: "x", params: { a: p.string() }, inputSchema: { type: "object" } },
      /either `params` or `inputSchema`/,
    ],
    [{ description: "x", params: { a: "string" } }, /"a" is not a descriptor/],
    [{ description: "x", inputSchema: { type: "array" } }, /root must have "type": "object"/],
    [
      { description: "x", inputSchema: { type: "object", properties: { a: { type: "strng" } } } },
      /not valid JSON Schema/,
    ],
  ])("throws ToolDefinitionError at class definition for options %j", (options, message) => {
    const define = () => {
      class Bad extends BaseAgent {
        @tool(options as never)
        method() {
          return 1;
        }
      }
      return Bad;
    };
    expect(define).toThrow(ToolDefinitionError);
    expect(define).toThrow(message);
  });

  it("names the method in a definition error", () => {
    expect(() => {
      class Bad extends BaseAgent {
        @tool({ description: "" })
        brokenTool() {}
      }
      return Bad;
    }).toThrow('@tool on "brokenTool"');
  });

  it("rejects a static method", () => {
    expect(() => {
      class Bad extends BaseAgent {
        @tool({ description: "x" })
        static helper() {}
      }
      return Bad;
    }).toThrow(/static methods cannot be tools/);
  });

  it("rejects a #private method", () => {
    expect(() => {
      class Bad extends BaseAgent {
        @tool({ description: "x" })
        #secret() {}
        use() {
          this.#secret();
        }
      }
      return Bad;
    }).toThrow(/#private methods cannot be tools/);
  });

  it("rejects a symbol-named method", () => {
    const key = Symbol("k");
    expect(() => {
      class Bad extends BaseAgent {
        @tool({ description: "x" })
        [key]() {}
      }
      return Bad;
    }).toThrow(/symbol-named methods cannot be tools/);
  });

  it("rejects a getter and a field", () => {
    const decorate = tool({ description: "x" }) as unknown as (value: unknown, context: unknown) => void;
    expect(() => decorate(() => 1, { kind: "getter", name: "g", static: false, private: false, metadata: {} })).toThrow(
      /only methods can be tools; this is a getter/,
    );
    expect(() =>
      decorate(undefined, { kind: "field", name: "f", static: false, private: false, metadata: {} }),
    ).toThrow(/this is a field/);
  });

  it("refuses a legacy (target, key, descriptor) call whose target is not a class or its prototype", () => {
    const decorate = tool({ description: "x" }) as unknown as (...args: unknown[]) => void;
    const legacyCall = () => decorate({}, "method", { value: () => 1 });
    expect(legacyCall).toThrow(ToolDefinitionError);
    expect(legacyCall).toThrow(/must be applied to a class method/);
  });

  it("rejects two tool decorators on one method", () => {
    expect(() => {
      class Bad extends BaseAgent {
        @tool({ description: "a" })
        @builtinTool({ description: "b" })
        twice() {}
      }
      return Bad;
    }).toThrow(/already has a @tool or @builtinTool decorator/);
  });

  it("rejects two methods that claim one tool name when the class is first used", () => {
    class Bad extends BaseAgent {
      @tool({ name: "search", description: "a" })
      one() {}
      @tool({ name: "search", description: "b" })
      two() {}
    }
    expect(() => new Bad({ registry: registry() })).toThrow(/methods "one" and "two" both declare the tool "search"/);
  });

  it("carries the INVALID_DEFINITION code", () => {
    try {
      tool({ description: "x", name: "bad name" })(() => 1, {
        kind: "method",
        name: "m",
        static: false,
        private: false,
        metadata: {},
      } as unknown as ClassMethodDecoratorContext);
      throw new Error("expected a throw");
    } catch (error) {
      expect((error as ToolDefinitionError).code).toBe(ErrorCode.InvalidDefinition);
    }
  });
});

describe("guidelines and snippet", () => {
  it("travel to the model in the description, after it, for every provider", () => {
    const registry = new ToolRegistry();
    class Files extends BaseAgent {
      @tool({
        description: "Delete a file",
        params: { path: p.string() },
        guidelines: "Only inside the workspace.",
        snippet: 'remove({ "path": "tmp/a.txt" })',
      })
      remove() {}
    }
    registry.register("ping", () => "pong", { description: "Ping", guidelines: "Use it to check the link." });
    const agent = new Files({ registry });
    expect(agent.toolSpecs().map((s) => s.description)).toEqual([
      'Delete a file\n\nOnly inside the workspace.\n\nExample: remove({ "path": "tmp/a.txt" })',
      "Ping\n\nUse it to check the link.",
    ]);
    expect(agent.tools()[0]?.guidelines).toBe("Only inside the workspace.");
  });
});
