//! The bid package catalogue the top-up page sells: every package (inactive ones too) by position,
//! with its price, original price, saving, price of one bid and flags; a dialog creates or edits
//! one (there is no delete: an admin deactivates a package instead).
import { Coins, Pencil } from 'lucide-react'
import * as Dialog from '@radix-ui/react-dialog'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ActionButton } from '../../components/action-button'
import { DialogFrame } from '../../components/dialog-frame'
import { EmptyState } from '../../components/empty-state'
import { FormField, describedBy } from '../../components/form-field'
import { Spinner } from '../../components/spinner'
import { StackTable } from '../../components/stack-table'
import { api, dataOf, messageOf } from '../../lib/api'
import type { AdminPackage } from '../../lib/api-types'
import { applyServerFieldErrors } from '../../lib/forms'
import { useMoney } from '../../lib/money'
import { adminPackagesQuery, queryKeys } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { useAdminRefresh } from '../../lib/use-admin-refresh'
import { PACKAGE_FIELDS, newPackageValues, packagePayload, packageSchema, toPackageValues } from './package-schema'
import type { PackageValues } from './package-schema'
import '../../components/dialog-frame.css'

/** What the dialog edits: a new package, or an existing one. */
type Editing = { kind: 'new' } | { kind: 'edit'; pack: AdminPackage } | null

export function PackagesCard() {
  const { t } = useTranslation()
  const { data, isPending, isError, error } = useQuery(adminPackagesQuery())
  const [editing, setEditing] = useState<Editing>(null)
  const packages = data?.packages ?? []
  return (
    <section className="card section-gap" data-testid="packages-card">
      <div className="card-head">
        <h2 className="card-title"><Coins aria-hidden="true" /> {t('adminPackages.title')}</h2>
        <button type="button" className="btn btn-primary btn-small" onClick={() => setEditing({ kind: 'new' })} disabled={!data} data-testid="package-create">
          + {t('adminPackages.create')}
        </button>
      </div>
      {isPending && <Spinner />}
      {isError && <p className="notice notice-error">{messageOf(error, t('common.loadFailed'))}</p>}
      {data && packages.length === 0 && <EmptyState icon={Coins}>{t('adminPackages.empty')}</EmptyState>}
      {packages.length > 0 && (
        <StackTable
          columns={[
            t('adminPackages.columns.position'),
            t('adminPackages.columns.bids'),
            t('adminPackages.columns.price'),
            t('adminPackages.columns.originalPrice'),
            t('adminPackages.columns.pricePerBid'),
            t('adminPackages.columns.flags'),
            t('admin.columns.actions'),
          ]}
          testId="packages-table"
        >
          {packages.map((pack) => (
            <PackageRow key={pack.id} pack={pack} onEdit={() => setEditing({ kind: 'edit', pack })} />
          ))}
        </StackTable>
      )}
      <DialogFrame
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? t('adminPackages.editTitle') : t('adminPackages.createTitle')}
        description={t('adminPackages.dialogText')}
        testId="package-dialog"
      >
        {editing && (
          <PackageForm
            key={editing.kind === 'edit' ? editing.pack.id : 'new'}
            pack={editing.kind === 'edit' ? editing.pack : null}
            initial={editing.kind === 'edit' ? toPackageValues(editing.pack) : newPackageValues(packages)}
            onSaved={() => setEditing(null)}
          />
        )}
      </DialogFrame>
    </section>
  )
}

/** One package: its position, bids, price (and the saving on the original), price of a bid, flags. */
function PackageRow({ pack, onEdit }: { pack: AdminPackage; onEdit: () => void }) {
  const { t } = useTranslation()
  const { money } = useMoney()
  return (
    <tr data-testid={`admin-package-${pack.id}`} className={pack.active ? undefined : 'is-muted'}>
      <td data-label={t('adminPackages.columns.position')}>{pack.position}</td>
      <td className="cell-title" data-label={t('adminPackages.columns.bids')}>
        <strong data-testid="admin-package-bids">{t('common.bidsCount', { count: pack.bids })}</strong>
      </td>
      <td data-label={t('adminPackages.columns.price')} data-testid="admin-package-price">
        {money(pack.price)}
      </td>
      <td data-label={t('adminPackages.columns.originalPrice')}>
        <span className="stack-cell">
          <s className="muted">{money(pack.originalPrice)}</s>
          {pack.savings > 0 && <span className="small">{t('topup.save', { amount: money(pack.savings) })}</span>}
        </span>
      </td>
      <td data-label={t('adminPackages.columns.pricePerBid')}>{money(pack.pricePerBid)}</td>
      <td data-label={t('adminPackages.columns.flags')}>
        <span className="badge-row">
          {pack.popular && <span className="badge badge-accent">{t('topup.popular')}</span>}
          <span className={`badge ${pack.active ? 'badge-success' : 'badge-finished'}`} data-testid="admin-package-active">
            {pack.active ? t('adminPackages.active') : t('adminPackages.inactive')}
          </span>
        </span>
      </td>
      <td className="cell-actions">
        <div className="row-actions">
          <ActionButton icon={Pencil} label={t('common.edit')} onClick={onEdit} testId="package-edit" />
        </div>
      </td>
    </tr>
  )
}

interface FormProps {
  pack: AdminPackage | null
  initial: PackageValues
  onSaved: () => void
}

function PackageForm({ pack, initial, onSaved }: FormProps) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const refresh = useAdminRefresh()
  const save = useMutation({
    mutationFn: (values: PackageValues) =>
      pack
        ? dataOf(api.PUT('/api/admin/packages/{id}', { params: { path: { id: pack.id } }, body: packagePayload(values) }))
        : dataOf(api.POST('/api/admin/packages', { body: packagePayload(values) })),
  })
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PackageValues>({ resolver: zodResolver(packageSchema), defaultValues: initial })

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values)
      void refresh([queryKeys.adminPackages, queryKeys.paymentPackages])
      toast({ title: pack ? t('adminPackages.toast.updated') : t('adminPackages.toast.created'), description: t('common.bidsCount', { count: Number(values.bids) }) })
      onSaved()
    } catch (cause) {
      applyServerFieldErrors(cause, setError, PACKAGE_FIELDS)
      toast({ title: t('common.error'), description: messageOf(cause, t('adminPackages.toast.failed')), variant: 'destructive' })
    }
  })

  const text = (name: 'bids' | 'price' | 'originalPrice' | 'position', inputMode: 'numeric' | 'decimal') => {
    const id = `package-${name}`
    const message = errors[name]?.message
    return (
      <FormField id={id} label={t(`adminPackages.form.${name}`)} error={message} required>
        <input id={id} className="input" inputMode={inputMode} {...describedBy(id, message)} {...register(name)} />
      </FormField>
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate className="form" data-testid="package-form">
      <div className="form-row">
        {text('bids', 'numeric')}
        {text('position', 'numeric')}
      </div>
      <div className="form-row">
        {text('price', 'decimal')}
        {text('originalPrice', 'decimal')}
      </div>
      <label className="check-row">
        <input type="checkbox" className="switch" {...register('popular')} data-testid="package-popular" />
        <span>{t('adminPackages.form.popular')}</span>
      </label>
      <label className="check-row">
        <input type="checkbox" className="switch" {...register('active')} data-testid="package-active" />
        <span>{t('adminPackages.form.active')}</span>
      </label>
      <div className="dialog-actions">
        <Dialog.Close type="button" className="btn btn-outline">
          {t('common.cancel')}
        </Dialog.Close>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid="package-save">
          {isSubmitting ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  )
}
