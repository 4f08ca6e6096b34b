import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Loader2, Send, Trash2 } from 'lucide-react';
import {
  REPORT_EXPORT_FORMAT,
  REPORT_FREQUENCY,
  WEEKDAY,
  type ReportExportFormat,
  type ReportFrequency,
  type ReportSchedule,
} from '@omnicare/shared/reports/report-delivery.schemas';
import { REPORT_TITLE, type ReportName } from '@omnicare/shared/reports/reports.schemas';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldAria, fieldErrorLink } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { StaffPicker } from '@/features/users/components/staff-picker';
import { errorMessage, fieldErrorMessages } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useCan } from '@/lib/use-can';
import {
  deleteReportSchedule,
  fetchReportSchedules,
  saveReportSchedule,
  sendReportScheduleNow,
  type ReportParams,
  type ReportScheduleInput,
} from '../reports.api';

export const SCHEDULE_TEXT = {
  open: 'Lịch gửi email',
  title: (report: ReportName) => `Lịch gửi ${REPORT_TITLE[report].toLowerCase()}`,
  description:
    'Gửi báo cáo qua email tới nhân viên đã chọn: hằng ngày (số liệu hôm qua) hoặc hằng tuần (7 ngày trước), kèm tệp số liệu theo ngày. Bộ lọc đang chọn được lưu cùng lịch.',
  empty: 'Chưa có lịch gửi nào cho báo cáo này.',
  add: 'Thêm lịch gửi',
  name: 'Tên lịch gửi',
  frequency: 'Tần suất',
  weekday: 'Ngày trong tuần',
  hour: 'Giờ gửi',
  format: 'Định dạng tệp',
  recipients: 'Người nhận',
  enabled: 'Đang bật',
  save: 'Lưu lịch gửi',
  created: 'Tạo lịch gửi báo cáo thành công',
  sendNow: 'Gửi ngay',
  sent: (count: number) => `Đã gửi báo cáo tới ${count} người nhận`,
  remove: 'Xóa lịch gửi',
  removed: 'Xóa lịch gửi báo cáo thành công',
  next: (at: string | null) => (at ? `Lần gửi tới: ${formatDateTime(at)}` : 'Đang tắt'),
  last: (at: string | null) => (at ? `Gửi lần cuối: ${formatDateTime(at)}` : 'Chưa gửi lần nào'),
} as const;

const scheduleKey = ['reports', 'schedules'] as const;

/** The report's filters a schedule keeps (not its days: a schedule's range moves with it). */
function filtersOf(params: ReportParams): ReportScheduleInput['filters'] {
  const { group_id, agent_id, queue_id, tag_id, priority_id, source } = params;
  const filters: NonNullable<ReportScheduleInput['filters']> = {
    group_id,
    agent_id,
    queue_id,
    tag_id,
    priority_id,
    source,
  };
  if (params.business_hours === 'true') filters.business_hours = true;
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

const when = (schedule: ReportSchedule) =>
  schedule.frequency === 'weekly'
    ? `${REPORT_FREQUENCY.label('weekly')}, ${WEEKDAY.label(schedule.weekday ?? 1)} lúc ${schedule.hour}:00`
    : `${REPORT_FREQUENCY.label('daily')} lúc ${schedule.hour}:00`;

function ScheduleForm({
  report,
  params,
  onSaved,
}: {
  report: ReportName;
  params: ReportParams;
  onSaved: () => void;
}) {
  const [name, setName] = useState('');
  const [frequency, setFrequency] = useState<ReportFrequency>('daily');
  const [weekday, setWeekday] = useState(1);
  const [hour, setHour] = useState(7);
  const [format, setFormat] = useState<ReportExportFormat>('xlsx');
  const [recipients, setRecipients] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      saveReportSchedule({
        name,
        report,
        filters: filtersOf(params),
        ...(report === 'custom' && params.metrics
          ? { metrics: params.metrics.split(','), dimension: params.dimension as never }
          : {}),
        frequency,
        weekday: frequency === 'weekly' ? weekday : null,
        hour,
        format,
        recipient_ids: recipients,
      }),
    onSuccess: () => {
      toast.success(SCHEDULE_TEXT.created);
      setName('');
      setRecipients([]);
      setErrors({});
      onSaved();
    },
    // Field errors beside their fields; anything else as a toast.
    onError: (error) => {
      const fields = fieldErrorMessages(error, (param) => param.split('.')[0]);
      if (fields) setErrors(fields as Record<string, string>);
      else toast.error(errorMessage(error));
    },
    meta: { silent: true },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={SCHEDULE_TEXT.add}
      className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <FormField
        id="schedule-name"
        label={SCHEDULE_TEXT.name}
        required
        error={errors.name}
        className="col-span-2"
      >
        <Input
          id="schedule-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...fieldAria('schedule-name', errors.name)}
        />
      </FormField>
      <FormField id="schedule-frequency" label={SCHEDULE_TEXT.frequency}>
        <NativeSelect
          id="schedule-frequency"
          value={frequency}
          onChange={(event) => setFrequency(event.target.value as ReportFrequency)}
        >
          {REPORT_FREQUENCY.options().map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {frequency === 'weekly' ? (
        <FormField id="schedule-weekday" label={SCHEDULE_TEXT.weekday} error={errors.weekday}>
          <NativeSelect
            id="schedule-weekday"
            value={String(weekday)}
            onChange={(event) => setWeekday(Number(event.target.value))}
          >
            {WEEKDAY.options().map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : (
        <span />
      )}
      <FormField id="schedule-hour" label={SCHEDULE_TEXT.hour} error={errors.hour}>
        <NativeSelect
          id="schedule-hour"
          value={String(hour)}
          onChange={(event) => setHour(Number(event.target.value))}
        >
          {Array.from({ length: 24 }, (_, value) => (
            <option key={value} value={value}>
              {String(value).padStart(2, '0')}:00
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="schedule-format" label={SCHEDULE_TEXT.format}>
        <NativeSelect
          id="schedule-format"
          value={format}
          onChange={(event) => setFormat(event.target.value as ReportExportFormat)}
        >
          {REPORT_EXPORT_FORMAT.options().map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id="schedule-recipients"
        label={SCHEDULE_TEXT.recipients}
        required
        error={errors.recipient_ids}
        className="col-span-2"
      >
        <StaffPicker
          multiple
          aria-label={SCHEDULE_TEXT.recipients}
          placeholder="Chọn nhân viên nhận báo cáo"
          value={recipients}
          onChange={(value) => setRecipients(value)}
          {...fieldErrorLink('schedule-recipients', errors.recipient_ids)}
        />
      </FormField>
      <div className="col-span-2 flex justify-end">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {SCHEDULE_TEXT.save}
        </Button>
      </div>
    </form>
  );
}

function ScheduleItem({ schedule }: { schedule: ReportSchedule }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: scheduleKey });
  const send = useMutation({
    mutationFn: () => sendReportScheduleNow(schedule._id),
    onSuccess: (result) => {
      toast.success(SCHEDULE_TEXT.sent(result.sent));
      void refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      saveReportSchedule(
        {
          name: schedule.name,
          report: schedule.report,
          filters: schedule.filters,
          ...(schedule.metrics ? { metrics: schedule.metrics } : {}),
          ...(schedule.dimension ? { dimension: schedule.dimension as never } : {}),
          frequency: schedule.frequency,
          weekday: schedule.weekday,
          hour: schedule.hour,
          format: schedule.format,
          recipient_ids: schedule.recipients.map((person) => person._id),
          enabled,
        },
        schedule._id,
      ),
    onSuccess: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: () => deleteReportSchedule(schedule._id),
    onSuccess: () => {
      toast.success(SCHEDULE_TEXT.removed);
      void refresh();
    },
  });
  return (
    <li
      className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3 text-sm"
      aria-label={schedule.name}
    >
      <div className="flex items-center gap-2">
        <span className="font-medium text-slate-900">{schedule.name}</span>
        <span className="text-slate-500">
          · {when(schedule)} · {REPORT_EXPORT_FORMAT.label(schedule.format)}
        </span>
        <span className="flex-1" />
        <Switch
          checked={schedule.enabled}
          onCheckedChange={(checked) => toggle.mutate(checked)}
          aria-label={`${SCHEDULE_TEXT.enabled}: ${schedule.name}`}
        />
        <Button variant="outline" size="sm" disabled={send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {SCHEDULE_TEXT.sendNow}
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`${SCHEDULE_TEXT.remove}: ${schedule.name}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          <Trash2 />
        </Button>
      </div>
      <p className="text-slate-600">
        {SCHEDULE_TEXT.recipients}: {schedule.recipients.map((person) => person.name).join(', ')}
      </p>
      <p className="text-xs text-slate-500">
        {SCHEDULE_TEXT.next(schedule.next_run_at)} · {SCHEDULE_TEXT.last(schedule.last_sent_at)}
        {schedule.last_error && <span className="text-red-700"> · {schedule.last_error}</span>}
      </p>
    </li>
  );
}

/** 'Lịch gửi email' beside a report's export (administrators and supervisors). */
export function ReportSchedulesButton({
  report,
  params,
}: {
  report: ReportName;
  params: ReportParams;
}) {
  const allowed = useCan('report.schedule');
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const schedules = useQuery({
    queryKey: scheduleKey,
    queryFn: ({ signal }) => fetchReportSchedules(signal),
    enabled: open && allowed,
  });
  if (!allowed) return null;
  const mine = (schedules.data ?? []).filter((schedule) => schedule.report === report);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <CalendarClock aria-hidden="true" />
        {SCHEDULE_TEXT.open}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{SCHEDULE_TEXT.title(report)}</DialogTitle>
            <DialogDescription>{SCHEDULE_TEXT.description}</DialogDescription>
          </DialogHeader>
          {schedules.isPending ? (
            <Loader2 className="mx-auto animate-spin text-slate-400" aria-hidden="true" />
          ) : mine.length === 0 ? (
            <p className="text-sm text-slate-500">{SCHEDULE_TEXT.empty}</p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Các lịch gửi">
              {mine.map((schedule) => (
                <ScheduleItem key={schedule._id} schedule={schedule} />
              ))}
            </ul>
          )}
          <h3 className="text-sm font-semibold text-slate-900">{SCHEDULE_TEXT.add}</h3>
          <ScheduleForm
            report={report}
            params={params}
            onSaved={() => void client.invalidateQueries({ queryKey: scheduleKey })}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
