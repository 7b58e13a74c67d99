//! The auction form's picture: upload a file (`POST /api/admin/images`: the server shrinks it,
//! strips its metadata and serves it from `/media/…`), or keep typing a link; a preview shows
//! what the lot's page will.
import { ImageUp } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, dataOf, messageOf } from '../../lib/api'
import { useToast } from '../../lib/toast'

/** The types the server takes, and its size bound (8 MB). */
const ACCEPT = 'image/jpeg,image/png,image/webp'
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024

interface Props {
  /** The form's current link, previewed when it is one. */
  url: string
  /** Takes the stored image's link. */
  onUploaded: (url: string) => void
  disabled?: boolean
}

export function ImageUpload({ url, onUploaded, disabled }: Props) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const [busy, setBusy] = useState(false)

  const upload = async (file: File) => {
    if (file.size > MAX_IMAGE_BYTES) {
      toast({ title: t('common.error'), description: t('admin.form.imageTooLarge'), variant: 'destructive' })
      return
    }
    setBusy(true)
    try {
      const stored = await dataOf(
        api.POST('/api/admin/images', {
          // The file is the body as it is, with its own type.
          body: file as unknown as string,
          bodySerializer: (body) => body as unknown as BodyInit,
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
        }),
      )
      onUploaded(stored.url)
      toast({ title: t('admin.form.imageUploaded'), description: `${stored.width} × ${stored.height}` })
    } catch (cause) {
      toast({ title: t('common.error'), description: messageOf(cause, t('admin.form.imageFailed')), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  const shown = /^(https?:\/\/|\/)\S+$/.test(url.trim()) ? url.trim() : null
  return (
    <div className="image-upload">
      {shown && <img className="image-upload-preview" src={shown} alt={t('admin.form.imagePreview')} data-testid="auction-image-preview" />}
      <label className={`btn btn-outline btn-small${disabled || busy ? ' is-disabled' : ''}`}>
        <ImageUp aria-hidden="true" /> {busy ? t('admin.form.imageUploading') : t('admin.form.imageUpload')}
        <input
          type="file"
          accept={ACCEPT}
          className="sr-only"
          disabled={disabled || busy}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) void upload(file)
          }}
          data-testid="auction-image-file"
        />
      </label>
      <span className="muted small">{t('admin.form.imageHint')}</span>
    </div>
  )
}
