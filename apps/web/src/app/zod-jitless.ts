/**
 * The Content-Security-Policy forbids eval: zod would otherwise probe for it with `new Function` (a reported
 * violation) when it builds its first object schema. Imported first by main.tsx, before any schema exists;
 * zod reads this shared global config object.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
