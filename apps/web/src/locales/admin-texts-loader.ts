import type { Texts, UiLanguage } from '../app/i18n';

export type TextTree = Texts;

const merged = (into: TextTree, from: TextTree): TextTree =>
  Object.fromEntries(
    [...new Set([...Object.keys(into), ...Object.keys(from)])].map((key) => {
      const [a, b] = [into[key], from[key]];
      return [key, typeof a === 'object' && typeof b === 'object' ? merged(a, b) : (b ?? a)!];
    }),
  );

/** The shared texts of a language with the features' own (`bundles` by path), the features in their folders' order. */
export const withFeatureTexts = (shared: TextTree, language: string, bundles: Record<string, TextTree>) =>
  Object.entries(bundles)
    .filter(([path]) => path.endsWith(`/${language}.json`))
    .sort(([x], [y]) => x.localeCompare(y))
    .reduce((texts, [, own]) => merged(texts, own), shared);

/**
 * The administration area's texts in one language: the shared file (`locales/admin/<language>.json`) and each
 * feature's own, so that a new feature brings its texts in its folder (its name, menu entry, permission label, log
 * entity) and edits no shared file. One chunk per language, loaded when that language is in use.
 */
export const loadAdminTexts = async (language: UiLanguage): Promise<TextTree> =>
  (language === 'fr' ? await import('./admin-fr') : await import('./admin-en')).texts;
