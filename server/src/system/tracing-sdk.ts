import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** The OpenTelemetry Node SDK of a server process (the spans themselves: tracing.ts). */
export interface Tracing {
  shutdown: () => Promise<void>;
}

/** Registers the Node SDK (once per process); `processor` replaces the OTLP exporter (tests). */
export function startTracing(
  options: { endpoint?: string; serviceName: string },
  processor?: SpanProcessor,
): Tracing | undefined {
  if (!processor && !options.endpoint) return undefined;
  const endpoint = options.endpoint?.replace(/\/$/, '');
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [processor ?? new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }))],
  });
  provider.register();
  return { shutdown: () => provider.shutdown() };
}
