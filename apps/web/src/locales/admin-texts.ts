import en from './admin/en.json';
import fr from './admin/fr.json';
import { withFeatureTexts, type TextTree } from './admin-texts-loader';

export { withFeatureTexts, type TextTree };

const bundles = import.meta.glob<TextTree>('../features/*/locales/*.json', { eager: true, import: 'default' });

/**
 * Both languages' admin texts at once, for the tests that compare them; the app loads one language at a time
 * (`loadAdminTexts`).
 */
export const ADMIN_TEXTS = {
  en: withFeatureTexts(en, 'en', bundles) as typeof en & TextTree,
  fr: withFeatureTexts(fr, 'fr', bundles) as typeof fr & TextTree,
};
