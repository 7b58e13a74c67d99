//! i18next setup. The language a user picks is kept in localStorage (`lang`) and in the `lang`
//! cookie (path=/, one year), which the server reads for its own messages. Without a choice the
//! site language from settings applies.
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import ru from '../i18n/locales/ru.json'
import { isLanguage, type Language } from './languages'

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

/** Russian ships with the app (it is the fallback); the others load on first use. */
const loaders: Record<Exclude<Language, 'ru'>, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../i18n/locales/en.json'),
  ka: () => import('../i18n/locales/ka.json'),
  ky: () => import('../i18n/locales/ky.json'),
}

export async function loadLanguage(lang: Language): Promise<void> {
  if (lang === 'ru' || i18n.hasResourceBundle(lang, 'translation')) return
  const bundle = await loaders[lang]()
  i18n.addResourceBundle(lang, 'translation', bundle.default, true, true)
}

/** Shows the app in `lang` and tells the server through the cookie. */
export function applyLanguage(lang: Language) {
  writeCookie(lang)
  document.documentElement.lang = lang
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
}

export default i18n
