// The command line of the benches and the chaos run, read the same way by each: `--name value`
// flags and `--name` switches (anything else is refused), progress lines on stderr, durations.

export type Say = (msg: string) => void;

/** Progress lines on stderr, tagged with the tool's name. */
export const sayAs =
  (tag: string): Say =>
  (msg) =>
    process.stderr.write(`[${tag}] ${msg}\n`);

/** What each flag is: followed by a value, or a switch standing alone. */
export type FlagKinds = Record<string, 'value' | 'switch'>;

/**
 * The flags of `argv` by name (without `--`): a value flag's value (the last one given wins), a
 * switch's `'on'`. An unknown argument or a value flag without its value throws.
 */
export function parseFlags<K extends FlagKinds>(argv: readonly string[], kinds: K): Partial<Record<keyof K, string>> {
  const out: Partial<Record<keyof K, string>> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const name = a.startsWith('--') ? a.slice(2) : '';
    const kind = Object.hasOwn(kinds, name) ? kinds[name] : undefined;
    if (!kind) throw new Error(`unknown argument ${a}`);
    if (kind === 'switch') out[name as keyof K] = 'on';
    else if (i + 1 < argv.length) out[name as keyof K] = argv[++i];
    else throw new Error(`${a} needs a value`);
  }
  return out;
}

/** Seconds of a k6-style duration: `500ms`, `20s`, `2m` or a bare number of seconds. */
export function seconds(d: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(d);
  if (!m) throw new Error(`bad duration ${d}`);
  return Number(m[1]) * { ms: 0.001, s: 1, m: 60 }[(m[2] as 'ms' | 's' | 'm' | undefined) ?? 's'];
}

/** `err`'s stack, else its text: what a failed run prints. */
export const errorText = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err));

/**
 * Runs a tool's body and ends the process with the code it answers; a body that throws prints why
 * and ends it with 1. `stop` (the clean-up, told that code) runs first, either way.
 */
export async function runToExit(say: Say, body: () => Promise<number>, stop: (exit: number) => Promise<void>): Promise<never> {
  let exit = 1;
  try {
    exit = await body();
  } catch (err) {
    say(`failed: ${errorText(err)}`);
    exit = 1;
  } finally {
    await stop(exit);
  }
  process.exit(exit);
}
