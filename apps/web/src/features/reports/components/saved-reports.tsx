import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save, Trash2 } from 'lucide-react';
import {
  CUSTOM_REPORT_DEFAULTS,
  REPORT_DIMENSION,
  type ReportDimension,
} from '@omnicare/shared/reports/reports.schemas';
import type { SavedReport } from '@omnicare/shared/reports/report-delivery.schemas';
import { Button } from '@/components/ui/button';
import { DialogForm, FormDialog, FormField, fieldAria } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { errorMessage, fieldErrorMessages } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useCan } from '@/lib/use-can';
import {
  deleteSavedReport,
  fetchSavedReports,
  saveReport,
  type ReportParams,
} from '../reports.api';

export const SAVED_TEXT = {
  pick: 'Báo cáo đã lưu',
  none: 'Chọn báo cáo đã lưu',
  save: 'Lưu báo cáo',
  title: 'Lưu báo cáo tùy chỉnh',
  description: 'Lưu các chỉ số, chiều phân tích và bộ lọc đang chọn để mở lại sau.',
  name: 'Tên báo cáo',
  shared: 'Chia sẻ cho mọi người xem báo cáo',
  saved: 'Đã lưu báo cáo',
  remove: 'Xóa báo cáo đã lưu',
  removed: 'Xóa báo cáo thành công',
  mine: 'Của tôi',
  sharedGroup: 'Dùng chung',
} as const;

const savedKey = ['reports', 'saved'] as const;

const FILTER_KEYS = [
  'group_id',
  'agent_id',
  'queue_id',
  'tag_id',
  'priority_id',
  'source',
] as const;

/** What a saved report puts back on the screen: its content and filters (the days stay). */
function paramsOf(saved: SavedReport): Partial<ReportParams> {
  const patch: Partial<ReportParams> = {
    metrics: saved.metrics.join(','),
    dimension: saved.dimension,
    business_hours: saved.filters.business_hours ? 'true' : undefined,
  };
  for (const key of FILTER_KEYS) patch[key] = saved.filters[key] ?? undefined;
  return patch;
}

function SaveDialog({
  params,
  onClose,
  onSaved,
}: {
  params: ReportParams;
  onClose: () => void;
  onSaved: (saved: SavedReport) => void;
}) {
  const mayShare = useCan('report.share');
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: () => {
      const filters: Record<string, string | boolean> = {};
      for (const key of FILTER_KEYS) if (params[key]) filters[key] = params[key] as string;
      if (params.business_hours === 'true') filters.business_hours = true;
      return saveReport({
        name,
        metrics: params.metrics?.split(',') ?? [...CUSTOM_REPORT_DEFAULTS.metrics],
        dimension: (REPORT_DIMENSION.is(params.dimension)
          ? params.dimension
          : CUSTOM_REPORT_DEFAULTS.dimension) as ReportDimension,
        filters,
        shared,
      });
    },
    onSuccess: (saved) => {
      toast.success(SAVED_TEXT.saved);
      onSaved(saved);
    },
    onError: (failure) => {
      const fields = fieldErrorMessages(failure, ['name', 'shared'] as const);
      if (fields) setError(fields.name ?? fields.shared);
      else toast.error(errorMessage(failure));
    },
    meta: { silent: true },
  });
  return (
    <DialogForm
      title={SAVED_TEXT.title}
      description={SAVED_TEXT.description}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        return save.mutateAsync().catch(() => {});
      }}
      onCancel={onClose}
      pending={save.isPending}
    >
      <FormField id="saved-report-name" label={SAVED_TEXT.name} required error={error}>
        <Input
          id="saved-report-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...fieldAria('saved-report-name', error)}
        />
      </FormField>
      {mayShare && (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <Switch checked={shared} onCheckedChange={setShared} aria-label={SAVED_TEXT.shared} />
          {SAVED_TEXT.shared}
        </label>
      )}
    </DialogForm>
  );
}

/** The custom report's saved choices: open one, save the current one, delete one's own. */
export function SavedReportsBar({
  params,
  onChange,
}: {
  params: ReportParams;
  onChange: (patch: Partial<ReportParams>) => void;
}) {
  const client = useQueryClient();
  const saved = useQuery({
    queryKey: savedKey,
    queryFn: ({ signal }) => fetchSavedReports(signal),
  });
  const [chosenId, setChosenId] = useState('');
  const [saving, setSaving] = useState(false);
  const chosen = saved.data?.find((item) => item._id === chosenId);
  const remove = useMutation({
    mutationFn: (id: string) => deleteSavedReport(id),
    onSuccess: () => {
      toast.success(SAVED_TEXT.removed);
      setChosenId('');
      void client.invalidateQueries({ queryKey: savedKey });
    },
  });
  const groups = [
    { label: SAVED_TEXT.mine, items: (saved.data ?? []).filter((item) => !item.shared) },
    { label: SAVED_TEXT.sharedGroup, items: (saved.data ?? []).filter((item) => item.shared) },
  ].filter((group) => group.items.length > 0);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex min-w-64 flex-col gap-1">
        <span className="text-xs font-medium text-slate-500">{SAVED_TEXT.pick}</span>
        <NativeSelect
          aria-label={SAVED_TEXT.pick}
          value={chosenId}
          onChange={(event) => {
            setChosenId(event.target.value);
            const item = saved.data?.find((entry) => entry._id === event.target.value);
            if (item) onChange(paramsOf(item));
          }}
        >
          <option value="">{SAVED_TEXT.none}</option>
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.items.map((item) => (
                <option key={item._id} value={item._id}>
                  {item.name}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect>
      </label>
      {chosen?.editable && (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`${SAVED_TEXT.remove}: ${chosen.name}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate(chosen._id)}
        >
          <Trash2 />
        </Button>
      )}
      <Button variant="outline" size="sm" onClick={() => setSaving(true)}>
        <Save aria-hidden="true" />
        {SAVED_TEXT.save}
      </Button>
      <FormDialog open={saving} onOpenChange={setSaving}>
        <SaveDialog
          params={params}
          onClose={() => setSaving(false)}
          onSaved={(item) => {
            setSaving(false);
            setChosenId(item._id);
            void client.invalidateQueries({ queryKey: savedKey });
          }}
        />
      </FormDialog>
    </div>
  );
}
