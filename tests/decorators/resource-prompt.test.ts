// @resource and @prompt at class definition: what they record in either decorator form (read back through
// reflectMcpEntries, which serveMcp uses), and the mistakes they refuse with a ToolDefinitionError naming what is valid.
import { BaseAgent, ToolDefinitionError, p, prompt, resource } from "toolwright";
import { reflectMcpEntries } from "../../src/reflect/reflect-mcp-entries.js";
import { parseUriTemplate } from "../../src/decorators/uri-template.js";

function decorateLegacy(target: object, key: string, decorate: (...args: never[]) => unknown): void {
  (decorate as (...args: unknown[]) => unknown)(target, key, Object.getOwnPropertyDescriptor(target, key));
}

function definitionError(make: () => unknown): string {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolDefinitionError);
    return (error as Error).message;
  }
  throw new Error("expected a ToolDefinitionError");
}

describe("@resource and @prompt", () => {
  it("record the same entries as Stage-3 and as legacy (experimentalDecorators) calls", () => {
    class Standard extends BaseAgent {
      @resource({ uri: "notes://{id}", mimeType: "text/plain" })
      note({ id }: { id: string }) {
        return id;
      }
      @prompt({ description: "Greet", params: { who: p.string() } })
      greet({ who }: { who: string }) {
        return `hi ${who}`;
      }
    }
    class Legacy extends BaseAgent {
      note({ id }: { id: string }) {
        return id;
      }
      greet({ who }: { who: string }) {
        return `hi ${who}`;
      }
    }
    decorateLegacy(Legacy.prototype, "note", resource({ uri: "notes://{id}", mimeType: "text/plain" }));
    decorateLegacy(Legacy.prototype, "greet", prompt({ description: "Greet", params: { who: p.string() } }));
    for (const ctor of [Standard, Legacy]) {
      const { resources, prompts } = reflectMcpEntries(ctor);
      expect(resources).toMatchObject([{ method: "note", name: "note", uri: "notes://{id}", mimeType: "text/plain" }]);
      expect(resources[0]!.template!.match("notes://a%20b")).toEqual({ id: "a b" });
      expect(prompts).toMatchObject([{ method: "greet", name: "greet", description: "Greet" }]);
    }
  });

  it("inherit entries, and a re-decorated override replaces its parent's", () => {
    class Base extends BaseAgent {
      @resource({ uri: "docs://a" })
      a() {
        return "a";
      }
      @resource({ uri: "docs://b" })
      b() {
        return "b";
      }
    }
    class Child extends Base {
      @resource({ uri: "docs://b2" })
      override b() {
        return "b2";
      }
    }
    expect(reflectMcpEntries(Child).resources.map((r) => r.uri)).toEqual(["docs://a", "docs://b2"]);
  });

  it("refuse an unknown option key, naming the closest one", () => {
    const message = definitionError(() => {
      class Bad extends BaseAgent {
        @resource({ uri: "docs://a", mimetype: "text/plain" } as never)
        a() {
          return "a";
        }
      }
      return Bad;
    });
    expect(message).toContain("`mimetype` is not an option; did you mean `mimeType`?");
    const promptMessage = definitionError(() => {
      class Bad extends BaseAgent {
        @prompt({ description: "x", parms: {} } as never)
        x() {
          return "x";
        }
      }
      return Bad;
    });
    expect(promptMessage).toContain("`parms` is not an option; did you mean `params`?");
  });

  it("refuse a URI without a scheme, a template beyond level 1, and completions for no variable", () => {
    const define = (options: object) => () => {
      class Bad extends BaseAgent {
        @resource(options as never)
        r() {
          return "";
        }
      }
      return Bad;
    };
    expect(definitionError(define({}))).toContain("`uri` is required");
    expect(definitionError(define({ uri: "readme" }))).toContain('`uri` "readme" has no scheme');
    expect(definitionError(define({ uri: "files://{+path}" }))).toContain(
      "only level-1 variables like `{id}` (letters, digits, _) are supported",
    );
    expect(definitionError(define({ uri: "n://{a}{b}" }))).toContain("two variables side by side");
    expect(definitionError(define({ uri: "n://{id}", complete: { di: ["x"] } }))).toContain(
      '`complete.di` names no known one; it may name "id".',
    );
    expect(definitionError(define({ uri: "n://{id}", complete: { id: "x" } }))).toContain(
      "must be a list of strings or a function",
    );
  });

  it("refuse a prompt without a description or with a non-string argument", () => {
    const define = (options: object) => () => {
      class Bad extends BaseAgent {
        @prompt(options as never)
        q() {
          return "";
        }
      }
      return Bad;
    };
    expect(definitionError(define({}))).toContain("a non-empty `description` is required");
    expect(definitionError(define({ description: "d", params: { n: p.number() } }))).toContain(
      'argument "n" must be a `p.string(...)` or a `p.enum([...])` of strings',
    );
  });

  it("refuse two methods declaring one URI at definition, and across a class and its parent when served", () => {
    const twice = () => {
      class Twice extends BaseAgent {
        @resource({ uri: "docs://a" })
        one() {
          return "1";
        }
        @resource({ uri: "docs://a" })
        two() {
          return "2";
        }
      }
      return Twice;
    };
    expect(definitionError(twice)).toContain('methods "one" and "two" both declare the resource "docs://a"');
    class Parent extends BaseAgent {
      @prompt({ description: "p", name: "ask" })
      one() {
        return "1";
      }
    }
    class Child extends Parent {
      @prompt({ description: "c", name: "ask" })
      two() {
        return "2";
      }
    }
    expect(definitionError(() => reflectMcpEntries(Child))).toContain(
      'Child: methods "one" and "two" both declare the prompt "ask"',
    );
  });

  it("match a template's variables up to the next literal, never across a slash", () => {
    const template = parseUriTemplate("notes://{folder}/{id}.md", "test");
    expect(template.variables).toEqual(["folder", "id"]);
    expect(template.match("notes://inbox/a.b.md")).toEqual({ folder: "inbox", id: "a.b" });
    expect(template.match("notes://in/box/a.md")).toBeUndefined();
    expect(template.match("notes://inbox/a.txt")).toBeUndefined();
  });
});
