// Types of scripts/wait.mjs for the TypeScript that imports it (scripts/component.ts).
export declare const sleep: (ms: number) => Promise<void>;
export declare function settle<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, ms: number, everyMs?: number): Promise<T>;
export declare function waitFor(what: string, check: () => Promise<unknown> | unknown, timeoutMs?: number, everyMs?: number): Promise<void>;
