import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import fr from '../locales/fr.json';

export const SUPPORTED_LANGUAGES = ['en', 'fr'] as const;

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng.split('-')[0] ?? 'en';
});

// The browser decides (?lng= overrides for support); nothing is cached so the browser setting always wins.
void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en }, fr: { translation: fr } },
    fallbackLng: 'en',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    detection: { order: ['querystring', 'navigator'], lookupQuerystring: 'lng', caches: [] },
    interpolation: { escapeValue: false },
  });

export { i18n };
