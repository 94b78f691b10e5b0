import { BaseAgent, ToolRegistry, content, file, image, p, tool } from "toolwright";

/** A 1×1 PNG, base64. */
export const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
/** "%PDF-1.4\n", base64. */
export const PDF = "JVBERi0xLjQK";

export const forecastReturns = { city: p.string(), celsius: p.number() };

/**
 * An agent whose tools return the three kinds of result: a typed object (`forecast`, with `returns`), a
 * screenshot with a caption (`screenshot`), a PDF report (`report`); and `broken`, whose value breaks its `returns`.
 */
export function makeRichAgent() {
  class RichAgent extends BaseAgent {
    static override agentName = "rich_agent";

    @tool({ description: "Forecast for a city", params: { city: p.string() }, returns: forecastReturns })
    forecast({ city }: { city: string }) {
      return { city, celsius: 21.5 };
    }

    @tool({ description: "Screenshot the page" })
    screenshot() {
      return content("The page as it looks now:", image({ data: PNG, mimeType: "image/png" }));
    }

    @tool({ description: "Build the sales report" })
    report() {
      return content("Sales report attached.", file({ data: PDF, mimeType: "application/pdf", filename: "sales.pdf" }));
    }

    @tool({ description: "A tool whose value breaks its returns", returns: p.integer() })
    broken(): number {
      return "seven" as unknown as number;
    }
  }
  return new RichAgent({ registry: new ToolRegistry() });
}
