import pino from 'pino';

/** Structured JSON logs on stdout, one logger per component. */
export function createLogger(component: string, level = process.env.LOG_LEVEL ?? 'info') {
  return pino({ name: component, level, base: { component } });
}
export type Logger = ReturnType<typeof createLogger>;
