import { randomBytes } from 'node:crypto';
import { contextFrom, inSpan, spanFields, startSpan, traceFields, traceHeaders, withTraceHeaders } from './trace';

const message = { topic: 't', key: 'k', value: Buffer.from('v') };

describe('trace context', () => {
  it('gives log lines the ids of the span they are written in, and none outside', async () => {
    expect(traceFields()).toEqual({});
    await inSpan('work', {}, async (span) => {
      const { traceId, spanId } = span.spanContext();
      expect(traceFields()).toEqual({ trace_id: traceId, span_id: spanId });
      await new Promise((r) => setTimeout(r, 5)); // still there after an await
      expect(traceFields().trace_id).toBe(traceId);
    });
    expect(traceFields()).toEqual({});
  });

  it('carries a span by hand (the gateway): its context names it to the next hop without being made current', () => {
    const traceId = randomBytes(16).toString('hex');
    const parent = contextFrom({ traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` });
    const { span, context } = startSpan('GET /api/v1/lookup/balance', { parent });
    const { spanId } = span.spanContext();
    expect(traceHeaders(context).traceparent).toBe(`00-${traceId}-${spanId}-01`);
    expect(spanFields(span)).toEqual({ trace_id: traceId, span_id: spanId });
    // Nothing became current: code that reads the current context sees no span.
    expect(traceFields()).toEqual({});
    expect(traceHeaders()).toEqual({});
    span.end();
  });

  it('continues a traceparent from headers and hands it on in messages', async () => {
    const traceId = randomBytes(16).toString('hex');
    const parent = contextFrom({ traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` });
    await inSpan('consume', { parent }, async () => {
      expect(traceHeaders().traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
      expect(withTraceHeaders(message).headers?.traceparent).toContain(traceId);
      // A message that already carries a trace (an outbox row's own) keeps it.
      expect(withTraceHeaders({ ...message, headers: { traceparent: 'theirs' } }).headers).toEqual({ traceparent: 'theirs' });
    });
    // Outside any span a message goes as it is.
    expect(withTraceHeaders(message)).toBe(message);
  });

  // No exporter here: spans are ids only (kit trace.ts idsOnlySpan), yet propagate as recorded ones.
  it("starts a sampled trace of its own, gives each span a new id, and passes a caller's unsampled flag and tracestate on", async () => {
    const seen = new Set<string>();
    await inSpan('root', {}, async (root) => {
      expect(traceHeaders().traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      await inSpan('child', {}, async (child) => {
        expect(child.spanContext().traceId).toBe(root.spanContext().traceId);
        seen.add(root.spanContext().spanId).add(child.spanContext().spanId);
      });
    });
    expect(seen.size).toBe(2);
    const traceId = randomBytes(16).toString('hex');
    const parent = contextFrom({ traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-00`, tracestate: 'vendor=1' });
    await inSpan('consume', { parent }, async () => {
      expect(traceHeaders()).toEqual({
        traceparent: expect.stringMatching(new RegExp(`^00-${traceId}-[0-9a-f]{16}-00$`)),
        tracestate: 'vendor=1',
      });
    });
  });
});
