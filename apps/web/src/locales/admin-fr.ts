import shared from './admin/fr.json';
import { withFeatureTexts, type TextTree } from './admin-texts-loader';

// One chunk with every admin text in this language: the shared file and each feature's own.
const bundles = import.meta.glob<TextTree>('../features/*/locales/fr.json', { eager: true, import: 'default' });

export const texts = withFeatureTexts(shared, 'fr', bundles);
