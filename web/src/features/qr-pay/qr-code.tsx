//! The QR code of a payment link, drawn as SVG by the `qrcode` library, which loads with this
//! component only (a dynamic import: no other page downloads it). Black on white with a quiet zone
//! of four modules, at least 240 CSS px wide, so a bank app scans it from a screen. The text the
//! library was given is on the element (`data-qr-text`), for tests and for whoever checks it.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** Drawing options: medium error correction, the standard quiet zone, the most contrast. */
const OPTIONS = { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } } as const

interface Drawn {
  text: string
  svg: string
}

/** `text` as an SVG QR code (the library's own markup: paths and colours only). */
export async function drawQr(text: string): Promise<string> {
  const module = await import('qrcode')
  // The library is CommonJS: its functions are on the default export in some loaders.
  const qrcode = (module as unknown as { default?: typeof module }).default ?? module
  return qrcode.toString(text, OPTIONS)
}

interface Props {
  text: string
  /** What the code is, for a screen reader. */
  label: string
  id?: string
}

export function QrCode({ text, label, id }: Props) {
  const { t } = useTranslation()
  const [drawn, setDrawn] = useState<Drawn | null>(null)
  const [failed, setFailed] = useState<string | null>(null)

  useEffect(() => {
    let current = true
    drawQr(text).then(
      (svg) => current && setDrawn({ text, svg }),
      () => current && setFailed(text),
    )
    return () => {
      current = false
    }
  }, [text])

  if (failed === text) {
    return (
      <p className="notice notice-error" role="alert" data-testid="qr-code-failed">
        {t('qrPay.qrFailed')}
      </p>
    )
  }
  if (!drawn || drawn.text !== text) return <div className="qr-code is-loading" id={id} aria-busy="true" data-testid="qr-code-loading" />
  return (
    <div
      className="qr-code"
      id={id}
      role="img"
      aria-label={label}
      data-testid="qr-code"
      data-qr-text={drawn.text}
      // The library's SVG: numbers, paths and two colours, never text from anyone.
      dangerouslySetInnerHTML={{ __html: drawn.svg }}
    />
  )
}
