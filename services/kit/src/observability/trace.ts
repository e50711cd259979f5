import {
  context,
  Context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  Span,
  SpanKind,
  SpanStatusCode,
  trace,
  TextMapGetter,
  TraceFlags,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, RandomIdGenerator, SpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * Trace context (what an SRE follows): one lookup's path — the gateway's HTTP request or the
 * realtime tier's socket event, the gRPC calls, the Kafka messages and their consumers — is one
 * trace. The W3C `traceparent` travels in gRPC metadata and Kafka headers (the outbox keeps it
 * with the event), every log line written inside a span carries `trace_id` and `span_id`, and the
 * gateway answers `X-Trace-Id`. Spans are exported over OTLP/HTTP when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set; otherwise they
 * are only ids, which is what the logs need.
 */
let provider: BasicTracerProvider | undefined;
/** Whether anything receives spans (an exporter or a processor); otherwise spans are ids only (inSpan). */
let recording = false;
const ids = new RandomIdGenerator();

/**
 * A span that is only ids: the parent's trace (or a new one) and a fresh span id, its sampled flag
 * passed on as it came. Used when nothing receives spans: recorded spans nobody reads (attributes,
 * timings, the SDK's span object) were ~100 µs of CPU per lookup in each process's profile, and
 * logs, X-Trace-Id and propagation need only the ids.
 */
function idsOnlySpan(parent: Context): Span {
  const p = trace.getSpanContext(parent);
  const valid = p !== undefined && isSpanContextValid(p);
  return trace.wrapSpanContext({
    traceId: valid ? p.traceId : ids.generateTraceId(),
    spanId: ids.generateSpanId(),
    traceFlags: valid ? p.traceFlags : TraceFlags.SAMPLED,
    ...(valid && p.traceState ? { traceState: p.traceState } : {}),
  });
}

/**
 * Sets tracing up for the process, once (later calls return the same provider). `asyncContext:
 * false` leaves out the AsyncLocalStorage context manager: for a process that carries the context
 * by hand (the gateway: startSpan), since on Node 20 that manager's promise hooks cost every
 * promise the process makes, wherever it is made (CPU profile, load-tests/README.md).
 */
export function startTracing(
  serviceName: string,
  processors: SpanProcessor[] = [],
  opts: { asyncContext?: boolean } = {},
): BasicTracerProvider {
  if (provider) return provider;
  const exporting = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  const spanProcessors = [...(exporting ? [new BatchSpanProcessor(new OTLPTraceExporter())] : []), ...processors];
  recording = spanProcessors.length > 0;
  provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || serviceName }),
    spanProcessors,
  });
  trace.setGlobalTracerProvider(provider);
  if (opts.asyncContext !== false) context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  return provider;
}

/** Flushes and stops the exporter (graceful shutdown). */
export async function stopTracing() {
  await provider?.shutdown();
}

type Carrier = Record<string, unknown>;
const carrierGetter: TextMapGetter<Carrier> = {
  keys: (c) => Object.keys(c),
  get: (c, key) => {
    const v = c[key] ?? c[key.toLowerCase()];
    if (Array.isArray(v)) return v.map(String);
    return v === undefined || v === null ? undefined : String(v);
  },
};

/** The context a carrier (HTTP headers, Kafka headers, gRPC metadata as an object) says we are in. */
export function contextFrom(carrier: Carrier | undefined): Context {
  startTracing('cskh');
  return carrier ? propagation.extract(ROOT_CONTEXT, carrier, carrierGetter) : ROOT_CONTEXT;
}

/** The current trace context as headers (`traceparent`, `tracestate`); empty outside any span. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const out: Record<string, string> = {};
  propagation.inject(ctx, out);
  return out;
}

type SpanOptions = { kind?: SpanKind; parent?: Context; attributes?: Record<string, string | number | boolean> };

/**
 * A new span, child of `parent` (default: the current context), and the context that holds it,
 * for the caller to pass on by hand (traceHeaders(context), spanFields(span) in log lines) and to
 * end. inSpan is the same with the context made current for the work inside.
 */
export function startSpan(name: string, opts: SpanOptions): { span: Span; context: Context } {
  startTracing('cskh');
  const parent = opts.parent ?? context.active();
  const span = recording
    ? trace.getTracer('cskh').startSpan(name, { kind: opts.kind ?? SpanKind.INTERNAL, attributes: opts.attributes }, parent)
    : idsOnlySpan(parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** trace_id and span_id of a span, for the log lines of code that carries its context by hand. */
export function spanFields(span: Span): { trace_id: string; span_id: string } {
  const sc = span.spanContext();
  return { trace_id: sc.traceId, span_id: sc.spanId };
}

/** Runs fn in a new span, child of `parent` (default: the current context), ending it with fn. */
export async function inSpan<T>(name: string, opts: SpanOptions, fn: (span: Span) => Promise<T>): Promise<T> {
  const { span, context: current } = startSpan(name, opts);
  return context.with(current, async () => {
    try {
      return await fn(span);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** trace_id and span_id of the current span, for log lines (empty outside any span). */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const sc = trace.getActiveSpan()?.spanContext();
  return sc && isSpanContextValid(sc) ? { trace_id: sc.traceId, span_id: sc.spanId } : {};
}

/** A bus message as tracing sees it (structurally, so observability does not load the bus). */
export interface TracedMessage {
  topic: string;
  headers?: Record<string, string>;
}

/** The message with the current trace context in its headers, unless it already carries one (an outbox row's own). */
export function withTraceHeaders<M extends TracedMessage>(m: M): M & TracedMessage {
  if (m.headers?.traceparent) return m;
  const current = traceHeaders();
  return current.traceparent ? { ...m, headers: { ...m.headers, ...current } } : m;
}

/** Runs a consumer's work on one message in a span continuing the producer's trace. */
export function consumeInSpan<T>(groupId: string, msg: TracedMessage, work: () => Promise<T>): Promise<T> {
  const attributes = { 'messaging.system': 'kafka', 'messaging.destination.name': msg.topic, 'messaging.consumer.group.name': groupId };
  return inSpan(`process ${msg.topic}`, { kind: SpanKind.CONSUMER, parent: contextFrom(msg.headers), attributes }, work);
}

export { SpanKind };
/** A trace context, as startSpan answers it and traceHeaders takes it. */
export type TraceContext = Context;
