import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** The OpenTelemetry Node SDK of a server process (the spans themselves: tracing.ts). */
export interface Tracing {
  shutdown: () => Promise<void>;
}

/**
 * Registers the Node SDK (once per process); `processor` replaces the OTLP exporter (tests). The
 * SDK's modules load only then: a process without OTEL_EXPORTER_OTLP_ENDPOINT starts without them.
 */
export async function startTracing(
  options: { endpoint?: string; serviceName: string },
  processor?: SpanProcessor,
): Promise<Tracing | undefined> {
  if (!processor && !options.endpoint) return undefined;
  const [{ OTLPTraceExporter }, { resourceFromAttributes }, { BatchSpanProcessor }, { NodeTracerProvider }] =
    await Promise.all([
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/sdk-trace-node'),
    ]);
  const endpoint = options.endpoint?.replace(/\/$/, '');
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [processor ?? new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }))],
  });
  provider.register();
  return { shutdown: () => provider.shutdown() };
}
