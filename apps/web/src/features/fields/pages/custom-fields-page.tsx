import { useSearchParams } from 'react-router';
import { ArrowDown, ArrowUp } from 'lucide-react';
import {
  FIELD_ENTITIES,
  FIELD_ENTITY,
  FIELD_TYPE,
  type CustomField,
  type FieldEntity,
} from '@omnicare/shared/fields/fields.schemas';
import { usePageHandle } from '@/lib/route-declaration';
import { ListPage } from '@/components/list/list-page';
import { DeleteRowButton } from '@/components/list/delete-row-button';
import { EditRowButton, ListTable, RowActions } from '@/components/list/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { deleteConfirmText } from '@/components/ui/confirm-dialog';
import { Switch } from '@/components/ui/switch';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { SegmentedTabs } from '@/components/ui/segmented-tabs';
import { removeWithFeedback } from '@/lib/mutation-feedback';
import { toast } from '@/lib/toast';
import { useRecordDialog } from '@/lib/use-record-dialog';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { FieldFormDialog } from '../components/field-form-dialog';
import { hasOptions } from '../field-form';
import {
  useDeleteField,
  useFieldSettings,
  useOrderFields,
  useSetFieldActive,
} from '../fields.queries';
import { FIELD_TEXT } from '../fields-text';

const SHOWN_OPTIONS = 3;
const ENTITY_OPTIONS = FIELD_ENTITIES.map((value) => ({
  value,
  label: FIELD_ENTITY[value].label,
}));
const isEntity = (value: string | null): value is FieldEntity =>
  FIELD_ENTITIES.includes(value as FieldEntity);

/** The ids in their order with the one at `index` moved one place up (-1) or down (1). */
export function moved(ids: string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  if (target < 0 || target >= ids.length) return ids;
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * /settings/object-rule: the custom fields of customers and tickets (Zendesk's "Objects and
 * rules"): their order, type, options, whether they are required and in use.
 */
export function CustomFieldsPage() {
  const { title } = usePageHandle();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('entity');
  const entity: FieldEntity = isEntity(requested) ? requested : 'customer';
  const fields = useFieldSettings(entity);
  const order = useOrderFields(entity);
  const setActive = useSetFieldActive();
  const remove = useDeleteField();
  const dialog = useRecordDialog<CustomField>();
  const rows = fields.isError ? [] : (fields.data ?? []);
  const ids = rows.map((field) => field._id);

  const changeEntity = (next: FieldEntity) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('entity', next);
        return params;
      },
      { replace: true },
    );
  const move = (index: number, step: -1 | 1) =>
    order.mutate({ entity, ids: moved(ids, index, step) });
  const toggle = (field: CustomField, active: boolean) =>
    setActive.mutate(
      { id: field._id, active },
      { onSuccess: (result) => toast.success(result.message) },
    );

  return (
    <ListPage
      nav={<SettingsGroupNav group="system" />}
      title={title}
      add={{ label: FIELD_TEXT.add, onClick: dialog.add }}
      dialogs={
        <FieldFormDialog
          open={dialog.open}
          onOpenChange={dialog.onOpenChange}
          entity={entity}
          field={dialog.record}
        />
      }
    >
      <SegmentedTabs
        label={FIELD_TEXT.entityTabs}
        options={ENTITY_OPTIONS}
        value={entity}
        onChange={changeEntity}
      />
      <p className="text-[13px] text-slate-600">{FIELD_ENTITY[entity].hint}</p>
      <ListTable
        label={FIELD_TEXT.tableLabel}
        query={fields}
        empty={rows.length === 0}
        columns={7}
        skeletonRows={4}
        head={
          <>
            <TableHead className="w-20">{FIELD_TEXT.order}</TableHead>
            <TableHead>{FIELD_TEXT.label}</TableHead>
            <TableHead className="w-28">{FIELD_TEXT.type}</TableHead>
            <TableHead>{FIELD_TEXT.options}</TableHead>
            <TableHead className="w-24">{FIELD_TEXT.requiredColumn}</TableHead>
            <TableHead className="w-24">{FIELD_TEXT.status}</TableHead>
            <TableHead className="w-24 text-right">{FIELD_TEXT.actions}</TableHead>
          </>
        }
      >
        {rows.map((field, index) => (
          <TableRow key={field._id} className={cn(!field.active && 'text-slate-400')}>
            <TableCell>
              <div className="flex gap-0.5">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={FIELD_TEXT.moveUp(field.label)}
                  disabled={index === 0 || order.isPending}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={FIELD_TEXT.moveDown(field.label)}
                  disabled={index === rows.length - 1 || order.isPending}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown />
                </Button>
              </div>
            </TableCell>
            <TableCell className="max-w-72">
              <span
                className={cn(
                  'block truncate font-medium',
                  field.active ? 'text-slate-900' : 'text-slate-500',
                )}
                title={field.label}
              >
                {field.label}
              </span>
              <code className="text-xs text-slate-500" aria-label={FIELD_TEXT.keyOf(field.key)}>
                {field.key}
              </code>
            </TableCell>
            <TableCell className="text-[13px] whitespace-nowrap">
              {FIELD_TYPE.label(field.type)}
            </TableCell>
            <TableCell>
              {hasOptions(field.type) ? (
                <div className="flex flex-wrap gap-1" title={field.options.join(', ')}>
                  {field.options.slice(0, SHOWN_OPTIONS).map((option) => (
                    <Badge key={option} variant="outline">
                      {option}
                    </Badge>
                  ))}
                  {field.options.length > SHOWN_OPTIONS && (
                    <Badge variant="secondary">
                      {FIELD_TEXT.moreOptions(field.options.length - SHOWN_OPTIONS)}
                    </Badge>
                  )}
                </div>
              ) : (
                <span className="text-slate-400">—</span>
              )}
            </TableCell>
            <TableCell className="text-[13px]">
              {field.required ? FIELD_TEXT.yes : <span className="text-slate-400">—</span>}
            </TableCell>
            <TableCell>
              <Switch
                checked={field.active}
                aria-label={FIELD_TEXT.statusSwitch(field.label)}
                disabled={setActive.isPending}
                onCheckedChange={(active) => toggle(field, active)}
              />
            </TableCell>
            <TableCell>
              <RowActions>
                <EditRowButton
                  label={`${FIELD_TEXT.edit} ${field.label}`}
                  tooltip={FIELD_TEXT.edit}
                  onClick={() => dialog.edit(field)}
                />
                <DeleteRowButton
                  label={`${FIELD_TEXT.delete} ${field.label}`}
                  title={deleteConfirmText(field.label)}
                  description={FIELD_TEXT.deleteDescription}
                  onConfirm={() => removeWithFeedback(() => remove.mutateAsync(field._id))}
                />
              </RowActions>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
    </ListPage>
  );
}
