import type { Feature } from '../../components/feature';

/**
 * The features of the administration area that declare themselves: every `features/<name>/feature.ts` (menu entry,
 * routes, log names, see `components/feature.ts`), found by the bundler — a new feature edits no shared file.
 */
const modules = import.meta.glob<Record<string, Feature>>('../../features/*/feature.ts', { eager: true });

/** Every declared feature, in the order of their folders' names (the menu orders them by `after`). */
export const ADMIN_FEATURES: readonly Feature[] = Object.keys(modules)
  .sort()
  .flatMap((path) => Object.values(modules[path]!));
