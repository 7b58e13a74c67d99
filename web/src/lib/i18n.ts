//! i18next setup. The language a user picks is kept in localStorage (`lang`) and in the `lang`
//! cookie (path=/, one year), which the server reads for its own messages. Without a choice the
//! site language from settings applies. The page's web app manifest follows the language shown
//! (lib/app-manifest.ts).
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import ru from '../i18n/locales/ru.json?texts=shell'
import { LANGUAGES, isLanguage, type Language } from './languages'
import { linkManifest } from './app-manifest'

export { LANGUAGES, LANGUAGE_LABELS, isLanguage } from './languages'

const STORAGE_KEY = 'lang'
/** The event `setTextVariables` emits; the screens' translations listen to it. */
const TEXT_VARIABLES_CHANGED = 'textVariablesChanged'
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365

/** The language the user chose explicitly, if any. */
export function chosenLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY)
    return isLanguage(stored) ? stored : null
  } catch {
    return null
  }
}

function writeCookie(lang: Language) {
  document.cookie = `lang=${lang}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`
}

type Texts = Record<string, unknown>
type TextPart = 'shell' | 'rest'

/**
 * The locale files in two parts each (src/i18n/shell-texts.ts): the shell, the texts of the app
 * shell and the first screens, and the rest. Russian's shell ships with the app (Russian is the
 * fallback); every other part loads on first use.
 */
const parts: Record<Language, Record<TextPart, () => Promise<{ default: Texts }>>> = {
  ru: { shell: () => Promise.resolve({ default: ru }), rest: () => import('../i18n/locales/ru.json?texts=rest') },
  en: { shell: () => import('../i18n/locales/en.json?texts=shell'), rest: () => import('../i18n/locales/en.json?texts=rest') },
  ka: { shell: () => import('../i18n/locales/ka.json?texts=shell'), rest: () => import('../i18n/locales/ka.json?texts=rest') },
  ky: { shell: () => import('../i18n/locales/ky.json?texts=shell'), rest: () => import('../i18n/locales/ky.json?texts=rest') },
}

/** Parts asked for, by `lang:part`; Russian's shell is in from the start. */
const loading = new Map<string, Promise<void>>([['ru:shell', Promise.resolve()]])

/** i18next's store takes an option its types leave out: `silent`, no `added` event. */
interface ResourceStoreWithOptions {
  addResourceBundle(lng: string, ns: string, resources: Texts, deep: boolean, overwrite: boolean, options: { silent: boolean }): void
}
/** Set by the first `loadAllTexts`: from then on a language loads with all its texts. */
let allTextsWanted = false

function loadPart(lang: Language, part: TextPart): Promise<void> {
  const key = `${lang}:${part}`
  let promise = loading.get(key)
  if (!promise) {
    promise = parts[lang][part]().then((bundle) => {
      // A language's shell re-renders the screens in it (`bindI18nStore: 'added'`). The rest is
      // added silently: nothing on screen shows its texts yet (what does waited for them), and
      // re-rendering every screen for it would block a slow phone's main thread for nothing.
      if (part === 'rest') {
        ;(i18n.store as unknown as ResourceStoreWithOptions).addResourceBundle(lang, 'translation', bundle.default, true, true, { silent: true })
      } else {
        i18n.addResourceBundle(lang, 'translation', bundle.default, true, true)
      }
    })
    // A failed load (offline) may be tried again.
    promise.catch(() => loading.delete(key))
    loading.set(key, promise)
  }
  return promise
}

export async function loadLanguage(lang: Language): Promise<void> {
  await loadPart(lang, 'shell')
  if (allTextsWanted) await loadPart(lang, 'rest')
}

/**
 * Loads the texts beyond the first screen's, in every language loaded so far (and, from now on,
 * with every language loaded later). Pages and dialogs other than the first screens wait for it
 * (`withAllTexts`). Never rejects: a text that failed to load shows as its key.
 */
export function loadAllTexts(): Promise<void> {
  allTextsWanted = true
  const loaded = LANGUAGES.filter((lang) => i18n.hasResourceBundle(lang, 'translation'))
  return Promise.all(loaded.map((lang) => loadPart(lang, 'rest'))).then(
    () => undefined,
    () => undefined,
  )
}

/** A lazy import of a part that shows texts beyond the shell's: it resolves with them loaded. */
export function withAllTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllTexts()]).then(([module]) => module)
}

/** Shows the app in `lang` and tells the server through the cookie. */
export function applyLanguage(lang: Language) {
  writeCookie(lang)
  document.documentElement.lang = lang
  linkManifest(lang)
  if (i18n.language === lang) return
  void loadLanguage(lang)
    .then(() => i18n.changeLanguage(lang))
    .catch(() => {
      // The chunk failed to load (offline): stay in the current language.
    })
}

/** The user's explicit choice from the switcher. */
export function chooseLanguage(lang: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, lang)
  } catch {
    // Private mode: the cookie still carries the choice for this session.
  }
  applyLanguage(lang)
}

/** Applies the site's default language unless the user has chosen one. */
export function applySiteLanguage(siteLanguage: Language) {
  applyLanguage(chosenLanguage() ?? siteLanguage)
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'ru'
}

void i18n.use(initReactI18next).init({
  resources: { ru: { translation: ru } },
  lng: 'ru',
  fallbackLng: 'ru',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
  // Re-render when a lazily loaded language arrives (the footer's copyright uses the site's) and
  // when a text variable changes.
  react: { bindI18n: `languageChanged ${TEXT_VARIABLES_CHANGED}`, bindI18nStore: 'added' },
})

/**
 * Values every text may name without its caller passing them (`{{bidStep}}`); a caller's own
 * value of the same name wins. Screens showing texts re-render when a value changes.
 */
export function setTextVariables(variables: Record<string, string>) {
  const interpolation = (i18n.options.interpolation ??= {})
  const current: Record<string, unknown> = interpolation.defaultVariables ?? {}
  if (Object.entries(variables).every(([name, value]) => current[name] === value)) return
  interpolation.defaultVariables = { ...current, ...variables }
  i18n.emit(TEXT_VARIABLES_CHANGED)
}

/** Resolves once the user's chosen language (if any) is loaded and shown. */
export async function initLanguage(): Promise<void> {
  const chosen = chosenLanguage()
  if (!chosen || chosen === 'ru') return
  await loadLanguage(chosen).catch(() => undefined)
  await i18n.changeLanguage(chosen)
  document.documentElement.lang = chosen
  linkManifest(chosen)
}

export default i18n
