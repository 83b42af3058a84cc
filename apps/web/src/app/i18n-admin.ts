import { i18n } from './i18n';
import { ADMIN_TEXTS } from '../locales/admin-texts';

// The admin screens' texts load with the admin area, not with the sign-in page (bundle budget).
i18n.addResourceBundle('en', 'translation', ADMIN_TEXTS.en, true, false);
i18n.addResourceBundle('fr', 'translation', ADMIN_TEXTS.fr, true, false);
