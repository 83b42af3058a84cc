import { addAreaTexts } from './i18n';
import { loadAdminTexts } from '../locales/admin-texts-loader';

// The admin screens' texts load with the admin area, not with the sign-in page, in the language in use only (the
// other's when it is chosen). The area renders once they are there.
await addAreaTexts(loadAdminTexts);
