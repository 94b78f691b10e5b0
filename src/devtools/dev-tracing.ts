import { installedCallTracer } from "../dispatch/index.js";
import type { SpanCollector } from "./span-collector.js";

/** Why the page shows no spans, each with what turns them on. */
export type TracingOffReason =
  "not-installed" | "disabled" | "no-provider" | "unsupported-provider" | "not-instrumented";

/** Whether the playground collects the calls' spans, and if not, why and how to turn it on. */
export type TracingStatus =
  | { readonly on: true; readonly provider: string }
  | { readonly on: false; readonly reason: TracingOffReason; readonly message: string; readonly howTo: string };

/** The part of `@opentelemetry/api` the playground reads. */
export interface TraceApi {
  readonly trace: { getTracerProvider(): unknown };
}

/** Options of {@link DevTracing}: where the API and the process's settings come from (the real ones by default). */
export interface DevTracingOptions {
  readonly loadApi?: () => Promise<TraceApi>;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Whether toolwright's calls are traced (`instrumentTools` of `toolwright/otel` installed its tracer). */
  readonly instrumented?: () => boolean;
}

// An SDK provider as the playground finds it: 2.x keeps its processors in a list behind `_activeSpanProcessor` (it
// has no public way to add one after construction); 1.x has `addSpanProcessor`.
interface SdkProvider {
  readonly _activeSpanProcessor?: { readonly _spanProcessors?: unknown };
  addSpanProcessor?(processor: unknown): void;
}

const SETUP =
  'import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";\n' +
  'import { instrumentTools } from "toolwright/otel";\n\n' +
  "// In the module (or what it imports): any SDK setup will do, the NodeSDK with your exporters too.\n" +
  "new NodeTracerProvider().register();\n" +
  "instrumentTools();";

function off(reason: TracingOffReason, message: string, howTo = SETUP): TracingStatus {
  return { on: false, reason, message, howTo };
}

/**
 * Finds the OpenTelemetry tracer provider the app registered globally and adds the playground's {@link SpanCollector}
 * to its span processors (after the app's own, which see every span as before), unless the app turned OpenTelemetry
 * off (`OTEL_SDK_DISABLED=true`). Asked again on each look at the spans, so an SDK the app registers late, or
 * registers anew, is found; `close` takes the collector out again.
 */
export class DevTracing {
  readonly #collector: SpanCollector;
  readonly #loadApi: () => Promise<TraceApi>;
  readonly #env: Readonly<Record<string, string | undefined>>;
  readonly #instrumented: () => boolean;
  #api: Promise<TraceApi | undefined> | undefined;
  #attached: { readonly provider: object; readonly detach: () => void } | undefined;

  constructor(collector: SpanCollector, options: DevTracingOptions = {}) {
    this.#collector = collector;
    // A variable, so no bundler makes the optional peer a static dependency of the command.
    const api: string = "@opentelemetry/api";
    this.#loadApi = options.loadApi ?? (() => import(api) as Promise<TraceApi>);
    this.#env = options.env ?? process.env;
    this.#instrumented = options.instrumented ?? (() => installedCallTracer() !== undefined);
  }

  /** Attaches the collector to the provider registered now (if it is not yet) and says whether spans are collected. */
  async refresh(): Promise<TracingStatus> {
    if (/^true$/i.test(this.#env.OTEL_SDK_DISABLED?.trim() ?? "")) {
      this.#detach();
      return off(
        "disabled",
        "OTEL_SDK_DISABLED is set: the app turned OpenTelemetry off, and toolwright dev leaves it off.",
        "Start toolwright dev without OTEL_SDK_DISABLED=true.",
      );
    }
    const api = await (this.#api ??= this.#loadApi().catch(() => undefined));
    if (api === undefined) {
      return off(
        "not-installed",
        "OpenTelemetry is not installed: toolwright dev could not load @opentelemetry/api.",
        `npm install @opentelemetry/api @opentelemetry/sdk-trace-node\n\n${SETUP}`,
      );
    }
    let provider = api.trace.getTracerProvider() as { getDelegate?: () => unknown } | undefined;
    // The global provider is the API's proxy; the app's SDK provider is its delegate.
    if (typeof provider?.getDelegate === "function") provider = provider.getDelegate() as typeof provider;
    const name = (provider as object | undefined)?.constructor?.name ?? "";
    if (provider === undefined || name === "NoopTracerProvider") {
      this.#detach();
      return off("no-provider", "No OpenTelemetry tracer provider is registered: spans go nowhere.");
    }
    if (!this.#attach(provider as object & SdkProvider)) {
      return off(
        "unsupported-provider",
        `The registered tracer provider (${name || "unnamed"}) takes no span processor from toolwright dev: it ` +
          "reads spans from an OpenTelemetry SDK provider (@opentelemetry/sdk-trace-base 1.x or 2.x).",
      );
    }
    if (!this.#instrumented()) {
      return off(
        "not-instrumented",
        "A tracer provider is registered, but toolwright's calls are not traced.",
        'import { instrumentTools } from "toolwright/otel";\n\ninstrumentTools();',
      );
    }
    return { on: true, provider: name };
  }

  /** Takes the collector out of the provider's processors. */
  close(): void {
    this.#detach();
  }

  #attach(provider: object & SdkProvider): boolean {
    if (this.#attached?.provider === provider) return true;
    this.#detach();
    const collector = this.#collector;
    const list = provider._activeSpanProcessor?._spanProcessors;
    if (Array.isArray(list)) {
      // Last: the app's processors run first, as before; ours never throws, so it cannot keep one of theirs from running.
      if (!list.includes(collector)) list.push(collector);
      const detach = () => {
        const at = list.indexOf(collector);
        if (at >= 0) list.splice(at, 1);
      };
      this.#attached = { provider, detach };
      return true;
    }
    if (typeof provider.addSpanProcessor === "function") {
      provider.addSpanProcessor(collector);
      // 1.x cannot take a processor out; the collector stops keeping spans when the server closes.
      this.#attached = { provider, detach: () => {} };
      return true;
    }
    return false;
  }

  #detach(): void {
    this.#attached?.detach();
    this.#attached = undefined;
  }
}
