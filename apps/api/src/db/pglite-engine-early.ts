// The server's first import: PGlite's engine compiles (off the main thread) while the rest of the server loads.
import { pgliteEngine } from './pglite-engine';

if (!process.env.DATABASE_URL) void pgliteEngine().catch(() => undefined);
