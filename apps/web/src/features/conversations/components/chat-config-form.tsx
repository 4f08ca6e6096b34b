import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import {
  CHAT_CONFIG_LIMITS,
  CHAT_ON_AGENT_AWAY,
  chatConfigBody,
  type ChatConfigBody,
  type ChatConfigView,
} from '@omnicare/shared/conversations/chat-config.schemas';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { applyFieldErrors, errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useGuardedSubmit } from '@/lib/use-guarded-submit';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useSaveChatConfig } from '../conversations.queries';

const FIELDS = Object.keys(chatConfigBody.shape) as (keyof ChatConfigBody)[];

const valuesOf = ({ updated_at: _saved, ...values }: ChatConfigView): ChatConfigBody => values;

/** A setting's row: its label and hint on the left, its control on the right. */
function SettingRow({
  htmlFor,
  label,
  hint,
  error,
  children,
}: {
  htmlFor: string;
  label: string;
  hint: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 px-3 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={htmlFor}>{label}</Label>
        <p className="text-[13px] text-slate-500">{hint}</p>
        <FieldError id={`${htmlFor}-error`} message={error} />
      </div>
      <div className="shrink-0 sm:w-64 sm:pt-0.5">{children}</div>
    </div>
  );
}

/** The tenant's chat settings: routing to agents, the widget's words, the survey. */
export function ChatConfigForm({ config }: { config: ChatConfigView }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const form = useForm<ChatConfigBody>({
    resolver: zodResolver(chatConfigBody),
    defaultValues: valuesOf(config),
  });
  const { errors, isDirty } = form.formState;
  const save = useSaveChatConfig();
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync(values);
      form.reset(valuesOf(result.data));
      toast.success(result.message);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) toast.error(errorMessage(error));
    }
  });
  const guarded = useGuardedSubmit(onSubmit);
  const busy = save.isPending || guarded.busy;
  const leaveGuard = useUnsavedChanges(isDirty && !busy);
  const aria = (name: keyof ChatConfigBody) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id(name)}-error` : undefined,
  });
  const toggle = (name: 'auto_assign' | 'survey_on_resolve') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch id={id(name)} checked={field.value} onCheckedChange={field.onChange} />
      )}
    />
  );

  return (
    <form
      noValidate
      onSubmit={guarded.submit}
      className="flex flex-col gap-4"
      aria-label="Cấu hình chat"
    >
      <Card className="flex flex-col gap-3 p-4">
        <h2 className="text-sm font-semibold text-slate-900">Phân chia hội thoại</h2>
        <SettingRow
          htmlFor={id('auto_assign')}
          label="Tự động phân chia"
          hint="Hội thoại mới được chia lần lượt cho chuyên viên đang Sẵn sàng của phòng ban phụ trách kênh."
        >
          {toggle('auto_assign')}
        </SettingRow>
        <SettingRow
          htmlFor={id('max_chats_per_agent')}
          label="Số chat cùng lúc của một chuyên viên"
          hint={`Đủ số này, chuyên viên không nhận thêm hội thoại tự động (${CHAT_CONFIG_LIMITS.chatsPerAgent.min}–${CHAT_CONFIG_LIMITS.chatsPerAgent.max}).`}
          error={errors.max_chats_per_agent?.message}
        >
          <Input
            type="number"
            min={CHAT_CONFIG_LIMITS.chatsPerAgent.min}
            max={CHAT_CONFIG_LIMITS.chatsPerAgent.max}
            {...aria('max_chats_per_agent')}
            {...form.register('max_chats_per_agent', { valueAsNumber: true })}
          />
        </SettingRow>
        <SettingRow
          htmlFor={id('on_agent_away')}
          label="Khi chuyên viên đăng xuất hoặc Không sẵn sàng"
          hint="Các hội thoại đang mở của chuyên viên đó."
          error={errors.on_agent_away?.message}
        >
          <NativeSelect {...aria('on_agent_away')} {...form.register('on_agent_away')}>
            {CHAT_ON_AGENT_AWAY.options().map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </SettingRow>
        <SettingRow
          htmlFor={id('auto_resolve_hours')}
          label="Tự đóng hội thoại im lặng sau (giờ)"
          hint="Hội thoại không có tin nhắn mới trong số giờ này được chuyển sang Đã giải quyết; 0 là không tự đóng."
          error={errors.auto_resolve_hours?.message}
        >
          <Input
            type="number"
            min={CHAT_CONFIG_LIMITS.autoResolveHours.min}
            max={CHAT_CONFIG_LIMITS.autoResolveHours.max}
            {...aria('auto_resolve_hours')}
            {...form.register('auto_resolve_hours', { valueAsNumber: true })}
          />
        </SettingRow>
      </Card>
      <Card className="flex flex-col gap-3 p-4">
        <h2 className="text-sm font-semibold text-slate-900">Lời nhắn với khách</h2>
        {(
          [
            ['greeting', 'Lời chào', 'Hiện khi khách mở cửa sổ chat.'],
            [
              'offline_message',
              'Tin nhắn ngoài giờ',
              'Hiện ngoài giờ làm việc hoặc khi không có chuyên viên Sẵn sàng; lời nhắn của khách trở thành ticket.',
            ],
          ] as const
        ).map(([name, label, hint]) => (
          <div key={name} className="flex flex-col gap-1.5">
            <Label htmlFor={id(name)}>{label}</Label>
            <p className="text-[13px] text-slate-500">{hint}</p>
            <Textarea rows={2} {...aria(name)} {...form.register(name)} />
            <FieldError id={`${id(name)}-error`} message={errors[name]?.message} />
          </div>
        ))}
      </Card>
      <Card className="flex flex-col gap-3 p-4">
        <h2 className="text-sm font-semibold text-slate-900">Khảo sát hài lòng</h2>
        <SettingRow
          htmlFor={id('survey_on_resolve')}
          label="Hỏi khách khi hội thoại được giải quyết"
          hint="Khách chấm từ 1 đến 5 sao và có thể để lại nhận xét; kết quả vào báo cáo hài lòng."
        >
          {toggle('survey_on_resolve')}
        </SettingRow>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id('survey_question')}>Câu hỏi khảo sát</Label>
          <Input {...aria('survey_question')} {...form.register('survey_question')} />
          <FieldError
            id={`${id('survey_question')}-error`}
            message={errors.survey_question?.message}
          />
        </div>
      </Card>
      <div className="flex justify-end gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={!isDirty || busy}
          onClick={() => form.reset(valuesOf(config))}
        >
          Hoàn tác
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
          Lưu cấu hình
        </Button>
      </div>
      {leaveGuard}
    </form>
  );
}
