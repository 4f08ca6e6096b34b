import { useId } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  QUEUE_LIMITS,
  QUEUE_OVERFLOW,
  QUEUE_STRATEGY,
  queueBody,
  type QueueBody,
  type QueueOverflow,
  type QueueStrategy,
  type QueueView,
} from '@omnicare/shared/telephony/queues.schemas';
import { catalogueDialog } from '@/components/catalogue/catalogue-list-page';
import { DialogForm, FormField, fieldAria } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { StaffPicker } from '@/features/users/components/staff-picker';
import { applyFieldErrors } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { useQueues, useSaveQueue } from '../telephony.queries';
import { TELEPHONY_TEXT as TEXT } from '../telephony-text';

interface QueueFormValues {
  name: string;
  /** Hotlines as typed: separated by commas or spaces. */
  hotlines: string;
  member_ids: string[];
  strategy: QueueStrategy;
  ring_timeout_seconds: number;
  max_wait_seconds: number;
  overflow_action: QueueOverflow;
  overflow_queue_id: string;
}

const FIELDS = [
  'name',
  'hotlines',
  'member_ids',
  'strategy',
  'ring_timeout_seconds',
  'max_wait_seconds',
  'overflow_action',
  'overflow_queue_id',
] as const;

export const splitHotlines = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

export const toQueueBody = (values: QueueFormValues): QueueBody => ({
  name: values.name,
  hotlines: splitHotlines(values.hotlines),
  member_ids: values.member_ids,
  strategy: values.strategy,
  ring_timeout_seconds: values.ring_timeout_seconds,
  max_wait_seconds: values.max_wait_seconds,
  overflow_action: values.overflow_action,
  overflow_queue_id:
    values.overflow_action === 'queue' && values.overflow_queue_id
      ? values.overflow_queue_id
      : null,
});

const defaultsOf = (queue: QueueView | null): QueueFormValues => ({
  name: queue?.name ?? '',
  hotlines: (queue?.hotlines ?? []).join(', '),
  member_ids: (queue?.members ?? []).map((member) => member._id),
  strategy: (queue?.strategy as QueueStrategy | undefined) ?? 'longest_idle',
  ring_timeout_seconds: queue?.ring_timeout_seconds ?? QUEUE_LIMITS.ringTimeout.default,
  max_wait_seconds: queue?.max_wait_seconds ?? QUEUE_LIMITS.maxWait.default,
  overflow_action: (queue?.overflow_action as QueueOverflow | undefined) ?? 'none',
  overflow_queue_id: queue?.overflow_queue?._id ?? '',
});

/** The form's field of a server or schema path ('hotlines.1' is the hotlines field). */
const fieldOf = (param: string) =>
  FIELDS.find((name) => param === name || param.startsWith(`${name}.`));

export const QueueDialog = catalogueDialog(QueueForm, 'max-h-[92vh] max-w-xl overflow-y-auto');

function QueueForm({ record, onDone }: { record: QueueView | null; onDone: () => void }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const check = zodResolver(queueBody as never, undefined, { raw: true }) as unknown as Resolver<
    Record<string, unknown>
  >;
  const form = useForm<QueueFormValues>({
    // The shared schema judges the body that will be sent; its errors land on the form's fields.
    resolver: async (values, context, options) => {
      const result = await check(toQueueBody(values), context, options as never);
      const errors: Record<string, { type: string; message: string }> = {};
      const walk = (node: unknown, path: string[]) => {
        if (!node || typeof node !== 'object') return;
        const message = (node as { message?: unknown }).message;
        const name = fieldOf(path.join('.'));
        if (typeof message === 'string' && name && !errors[name])
          errors[name] = { type: 'schema', message };
        for (const [key, child] of Object.entries(node))
          if (key !== 'ref' && key !== 'message' && key !== 'type') walk(child, [...path, key]);
      };
      walk(result.errors, []);
      return Object.keys(errors).length
        ? { values: {}, errors: errors as never }
        : { values, errors: {} };
    },
    defaultValues: defaultsOf(record),
  });
  const { errors } = form.formState;
  const save = useSaveQueue();
  const queues = useQueues();
  const overflowAction = useWatch({ control: form.control, name: 'overflow_action' });
  const known = (record?.members ?? []).map((member) => ({
    value: member._id,
    label: member.name,
  }));

  const onSubmit = form.handleSubmit((values) =>
    saveForm(() => save.mutateAsync({ id: record?._id ?? null, body: toQueueBody(values) }), {
      onSaved: onDone,
      showFieldErrors: (error) => applyFieldErrors(error, form.setError, fieldOf),
    }),
  );
  const field = (name: (typeof FIELDS)[number]) => ({ id: id(name), error: errors[name]?.message });
  const aria = (name: (typeof FIELDS)[number]) => ({
    id: id(name),
    ...fieldAria(id(name), errors[name]?.message),
  });

  return (
    <DialogForm
      title={record ? 'Cập nhật hàng chờ' : TEXT.addQueue}
      description="Cuộc gọi vào hotline của hàng chờ đổ chuông cho chuyên viên đang sẵn sàng và không bận cuộc gọi khác."
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <FormField label={TEXT.name} required {...field('name')}>
        <Input autoFocus {...aria('name')} {...form.register('name')} />
      </FormField>
      <FormField label={TEXT.hotlines} hint={TEXT.hotlinesHint} {...field('hotlines')}>
        <Input inputMode="tel" {...aria('hotlines')} {...form.register('hotlines')} />
      </FormField>
      <FormField label={TEXT.members} {...field('member_ids')}>
        <Controller
          control={form.control}
          name="member_ids"
          render={({ field: control }) => (
            <StaffPicker
              multiple
              value={control.value}
              onChange={(next) => control.onChange(next)}
              placeholder={TEXT.chooseMembers}
              maxChips={8}
              knownOptions={known}
              {...aria('member_ids')}
            />
          )}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label={TEXT.strategy} {...field('strategy')}>
          <NativeSelect {...aria('strategy')} {...form.register('strategy')}>
            {QUEUE_STRATEGY.options().map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={TEXT.ringTimeout} {...field('ring_timeout_seconds')}>
          <Input
            type="number"
            min={QUEUE_LIMITS.ringTimeout.min}
            max={QUEUE_LIMITS.ringTimeout.max}
            {...aria('ring_timeout_seconds')}
            {...form.register('ring_timeout_seconds', { valueAsNumber: true })}
          />
        </FormField>
        <FormField label={TEXT.maxWait} {...field('max_wait_seconds')}>
          <Input
            type="number"
            min={QUEUE_LIMITS.maxWait.min}
            max={QUEUE_LIMITS.maxWait.max}
            {...aria('max_wait_seconds')}
            {...form.register('max_wait_seconds', { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={TEXT.overflow} {...field('overflow_action')}>
          <NativeSelect {...aria('overflow_action')} {...form.register('overflow_action')}>
            {QUEUE_OVERFLOW.options().map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {overflowAction === 'queue' && (
          <FormField label={TEXT.overflowQueue} required {...field('overflow_queue_id')}>
            <NativeSelect {...aria('overflow_queue_id')} {...form.register('overflow_queue_id')}>
              <option value="">{TEXT.chooseQueue}</option>
              {(queues.data ?? [])
                .filter((queue) => queue._id !== record?._id)
                .map((queue) => (
                  <option key={queue._id} value={queue._id}>
                    {queue.name}
                  </option>
                ))}
            </NativeSelect>
          </FormField>
        )}
      </div>
    </DialogForm>
  );
}
