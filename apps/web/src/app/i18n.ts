import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { persistedSession } from './persisted-session';

export const SUPPORTED_LANGUAGES = ['en', 'fr'] as const;
export type UiLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** The texts of one language, as JSON. */
export type Texts = { [key: string]: string | Texts };
/** Loads a set of texts (the shared ones, an area's) in one language. */
export type TextsLoader = (language: UiLanguage) => Promise<Texts>;

// One language at a time: the other's texts load only when it is chosen (the sign-in page's first load).
const SHARED: Record<UiLanguage, () => Promise<Texts>> = {
  en: () => import('../locales/en.json').then((m) => m.default),
  fr: () => import('../locales/fr.json').then((m) => m.default),
};
const areaLoaders: TextsLoader[] = [];

const isSupported = (code: string | null | undefined): code is UiLanguage =>
  (SUPPORTED_LANGUAGES as readonly string[]).includes(code ?? '');

/**
 * The signed-in user's language when they chose one, then ?lng= (for support), then the browser's languages; English
 * when none is supported.
 */
export const detectLanguage = ({
  user = null,
  search = typeof location === 'undefined' ? '' : location.search,
  browser = typeof navigator === 'undefined' ? [] : navigator.languages,
}: { user?: string | null; search?: string; browser?: readonly string[] } = {}): UiLanguage => {
  const wanted = [user ?? '', new URLSearchParams(search).get('lng') ?? '', ...browser];
  return wanted.map((code) => code.split('-')[0]?.toLowerCase()).find(isSupported) ?? 'en';
};

/** A language's texts: the shared ones, then each loaded area's (the shared ones win on a clash). */
const loadTexts = async (language: UiLanguage): Promise<Texts> => {
  const [shared, ...areas] = await Promise.all([SHARED[language](), ...areaLoaders.map((load) => load(language))]);
  return areas.reduce<Texts>((into, texts) => deepMerge(texts, into), shared!);
};

const deepMerge = (under: Texts, over: Texts): Texts => {
  const out: Texts = { ...under };
  for (const [key, value] of Object.entries(over)) {
    const below = out[key];
    out[key] = typeof value === 'object' && typeof below === 'object' ? deepMerge(below, value) : value;
  }
  return out;
};

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isSupported(language)) return callback(null, {});
    loadTexts(language).then(
      (texts) => callback(null, texts as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * An area's texts (the admin screens'), loaded with the area: added now to each language already loaded, and loaded
 * with the shared ones for a language chosen later.
 */
export const addAreaTexts = async (load: TextsLoader): Promise<void> => {
  areaLoaders.push(load);
  const loaded = SUPPORTED_LANGUAGES.filter((language) => i18n.hasResourceBundle(language, 'translation'));
  await Promise.all(
    loaded.map(async (language) => i18n.addResourceBundle(language, 'translation', await load(language), true, false)),
  );
};

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng.split('-')[0] ?? 'en';
});

/**
 * Starts i18next in `language` with that language's texts only; the app renders once they are there (no flash of
 * keys). Changing language loads the other's texts first.
 */
const startI18n = async (language: UiLanguage) => {
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      // No fallback language: it would load the other language's texts too (both carry every key, see the locales
      // test).
      fallbackLng: false,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      interpolation: { escapeValue: false },
    });
};

// Before anything renders (every module using texts imports this one).
await startI18n(detectLanguage({ user: persistedSession().language }));

export { i18n };
