import { i18n } from './i18n';
import en from '../locales/admin/en.json';
import fr from '../locales/admin/fr.json';

// The admin screens' texts load with the admin area, not with the sign-in page (bundle budget).
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('fr', 'translation', fr, true, false);
