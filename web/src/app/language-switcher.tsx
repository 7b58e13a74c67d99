//! РУ / EN / ქა / КЫ: the user's explicit language choice.
import { useTranslation } from 'react-i18next'
import { LANGUAGES, LANGUAGE_LABELS, chooseLanguage } from '../lib/i18n'
import './language-switcher.css'

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation()
  return (
    <div className={`lang-switcher ${className}`} role="group" aria-label={t('nav.language')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className={`lang-option${i18n.language === lang ? ' is-active' : ''}`}
          aria-pressed={i18n.language === lang}
          onClick={() => chooseLanguage(lang)}
          data-testid={`lang-${lang}`}
        >
          {LANGUAGE_LABELS[lang]}
        </button>
      ))}
    </div>
  )
}
