import { type Span, SpanStatusCode, trace } from '@opentelemetry/api';

/** The app's tracer (a no-op until an SDK is registered: system/tracing-sdk.ts). */
export const tracer = () => trace.getTracer('neura');

/** Runs `fn` in a span of its own (the socket event kit wraps each event in one). */
export function inSpan<T>(name: string, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
