import en from './admin/en.json';
import fr from './admin/fr.json';

export type TextTree = { [key: string]: string | TextTree };

/** Each feature's own texts (`features/<name>/locales/<language>.json`), found by the bundler. */
const bundles = import.meta.glob<TextTree>('../features/*/locales/*.json', { eager: true, import: 'default' });

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
 * The administration area's texts in each language: the shared file (`locales/admin/<language>.json`) and each
 * feature's own, so that a new feature brings its texts in its folder (its name, menu entry, permission label, log
 * entity) and edits no shared file.
 */
export const ADMIN_TEXTS = {
  en: withFeatureTexts(en, 'en', bundles) as typeof en & TextTree,
  fr: withFeatureTexts(fr, 'fr', bundles) as typeof fr & TextTree,
};
