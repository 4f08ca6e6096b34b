import type { ReactNode } from 'react';
import { CatalogueListPage, Dash, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { describeMacroChanges, hasMacroChanges } from '../macro-changes';
import { MACROS } from '../macros.api';
import { MACRO_TEXT } from '../macros-text';
import { useMacros } from '../macros.queries';
import { MacroDialog } from '../components/macro-dialog';
import { useMacroNames } from '../use-macro-names';

/** /settings/tickets/macros: the list among the other ticket settings. */
export function MacrosSettingsPage() {
  return <MacrosPage nav={<SettingsGroupNav group="tickets" />} />;
}

/** /macros: the shared macros and the caller's own, most used first. */
export function MacrosPage({ nav = null }: { nav?: ReactNode }) {
  const macros = useMacros();
  const names = useMacroNames((macros.data?.data ?? []).map((macro) => macro.actions));
  return (
    <CatalogueListPage
      catalogue={MACROS}
      nav={nav}
      addLabel={MACRO_TEXT.add}
      canEdit
      rowEditable={(row) => row.editable}
      dialog={MacroDialog}
      hint={MACRO_TEXT.listHint}
      deleteHint={MACRO_TEXT.deleteHint}
      columns={[
        { head: MACRO_TEXT.name, cell: (row) => <NameCell name={row.name} /> },
        {
          head: MACRO_TEXT.changes,
          cell: (row) =>
            hasMacroChanges(row.actions) ? (
              <span className="block max-w-96 text-[13px] text-slate-600">
                {describeMacroChanges(row.actions, names).join(', ')}
              </span>
            ) : (
              <span className="text-[13px] text-slate-400">{MACRO_TEXT.noChanges}</span>
            ),
        },
        {
          head: MACRO_TEXT.scope,
          className: 'w-40',
          cell: (row) =>
            row.shared ? (
              <span className="rounded bg-teal-50 px-1.5 py-0.5 text-xs font-medium text-teal-800">
                {MACRO_TEXT.shared}
              </span>
            ) : (
              <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
                {MACRO_TEXT.mine}
              </span>
            ),
        },
        {
          head: MACRO_TEXT.owner,
          className: 'w-44',
          cell: (row) => row.owner?.name ?? <Dash />,
        },
        {
          head: MACRO_TEXT.usage,
          className: 'w-24 text-right tabular-nums',
          cell: (row) => row.usage_count,
        },
      ]}
    />
  );
}
