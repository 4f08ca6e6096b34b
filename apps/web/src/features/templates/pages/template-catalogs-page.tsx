import { formatDateTime } from '@omnicare/shared/platform/time';
import { CatalogueListPage, Dash } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { useCan } from '@/lib/use-can';
import { TemplateCatalogDialog } from '../components/template-catalog-dialog';
import { TEMPLATE_CATALOGS } from '../templates.queries';
import { CATALOG_TEXT, TEMPLATE_TEXT } from '../templates-text';

/** /settings/others/template-catalogs: the tenant's template catalogs. */
export function TemplateCatalogsPage() {
  return (
    <CatalogueListPage
      catalogue={TEMPLATE_CATALOGS}
      nav={<SettingsGroupNav group="templates" />}
      addLabel={CATALOG_TEXT.add}
      canEdit={useCan('template_catalog.manage')}
      dialog={TemplateCatalogDialog}
      tableLabel={CATALOG_TEXT.tableLabel}
      hint={CATALOG_TEXT.inUseHint}
      deleteHint={CATALOG_TEXT.inUseHint}
      search={{ label: CATALOG_TEXT.searchLabel, placeholder: CATALOG_TEXT.searchPlaceholder }}
      columns={[
        {
          head: CATALOG_TEXT.name,
          className: 'w-64 max-w-64',
          cell: (catalog) => (
            <span className="block truncate font-medium text-slate-900" title={catalog.name}>
              {catalog.name}
            </span>
          ),
        },
        {
          head: CATALOG_TEXT.description,
          className: 'max-w-md',
          cell: (catalog) => (
            <span className="block truncate text-[13px] text-slate-600" title={catalog.description}>
              {catalog.description || <Dash />}
            </span>
          ),
        },
        {
          head: CATALOG_TEXT.templateCount,
          className: 'w-28 text-right text-slate-700 tabular-nums',
          cell: (catalog) => catalog.template_count,
        },
        {
          head: TEMPLATE_TEXT.updatedAt,
          className: 'w-40 text-[13px] whitespace-nowrap text-slate-600',
          cell: (catalog) => formatDateTime(catalog.updated_at),
        },
      ]}
    />
  );
}
