//! An item's category or condition in the reader's language (lib/catalogue.ts). The product
//! details load it with every text, after the first screen.
import { useTranslation } from 'react-i18next'
import { catalogueName } from '../../lib/catalogue'
import type { CatalogueField } from '../../lib/catalogue'

export function CatalogueName({ field, value }: { field: CatalogueField; value: string }) {
  const { i18n } = useTranslation()
  return <>{catalogueName(i18n, field, value)}</>
}
