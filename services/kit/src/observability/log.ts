import pino from 'pino';
import { traceFields } from './trace';

/** Structured JSON logs on stdout, one logger per component; lines written inside a span carry its trace_id and span_id. */
export function createLogger(component: string, level = process.env.LOG_LEVEL ?? 'info') {
  return pino({ name: component, level, base: { component }, mixin: traceFields });
}
export type Logger = ReturnType<typeof createLogger>;
