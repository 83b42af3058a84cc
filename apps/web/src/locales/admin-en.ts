import shared from './admin/en.json';
import { withFeatureTexts, type TextTree } from './admin-texts-loader';

// One chunk with every admin text in this language: the shared file and each feature's own.
const bundles = import.meta.glob<TextTree>('../features/*/locales/en.json', { eager: true, import: 'default' });

export const texts = withFeatureTexts(shared, 'en', bundles);
