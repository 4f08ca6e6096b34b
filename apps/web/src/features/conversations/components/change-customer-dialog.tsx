import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { UserRoundPen } from 'lucide-react';
import type { ChannelSource } from '@omnicare/shared/channels/channel-source';
import type { DuplicateCustomer } from '@omnicare/shared/customers/customers.schemas';
import { Button } from '@/components/ui/button';
import { DialogForm, FormDialog, FormField } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { errorMessage, fieldErrorMessages, isApiError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/cn';
import { duplicateOf, saveCustomer } from '@/features/customers/customers.api';
import { customerKeys } from '@/features/customers/customers.queries';
import { CustomerPicker } from '@/features/customers/components/customer-pickers';
import {
  emptyCustomerForm,
  toPayload,
  validateCustomerForm,
} from '@/features/customers/components/customer-form-state';
import { CHAT_TEXT } from '../conversations-text';
import { useUpdateConversation } from '../conversations.queries';

type Mode = 'existing' | 'new';
type NewField = 'name' | 'phone' | 'email';
type Errors = Partial<Record<NewField | 'requester_id' | 'form', string>>;

/** The new customer's three fields as the customer form's state (its rules, its payload). */
const newCustomerForm = (
  values: Record<NewField, string>,
  source: ChannelSource,
): ReturnType<typeof emptyCustomerForm> => ({
  ...emptyCustomerForm(),
  name: values.name,
  phones: values.phone.trim() ? [{ value: values.phone, is_primary: true }] : [],
  emails: values.email.trim() ? [{ value: values.email, is_primary: true }] : [],
  source,
});

/** A server's or the schema's param ('phones.0.phone') as this form's field. */
const fieldOf = (param: string): NewField | undefined =>
  param === 'name'
    ? 'name'
    : param.startsWith('phones')
      ? 'phone'
      : param.startsWith('emails')
        ? 'email'
        : undefined;

function ChangeCustomerForm({
  ticketId,
  source,
  currentId,
  me,
  onDone,
}: {
  ticketId: string;
  source: ChannelSource;
  currentId: string | null;
  me: string | undefined;
  onDone: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const update = useUpdateConversation(ticketId, me);
  const [mode, setMode] = useState<Mode>('existing');
  const [chosen, setChosen] = useState<string | null>(null);
  const [values, setValues] = useState<Record<NewField, string>>({
    name: '',
    phone: '',
    email: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [duplicate, setDuplicate] = useState<DuplicateCustomer | null>(null);
  const [creating, setCreating] = useState(false);

  /** The ticket's requester becomes this customer (the ticket's update: scope, audit, events). */
  const link = async (customerId: string) => {
    try {
      await update.mutateAsync({ requester_id: customerId });
      onDone();
    } catch (failure) {
      const fields = fieldErrorMessages(failure, ['requester_id'] as const);
      if (fields) setErrors(fields);
      else toast.error(errorMessage(failure));
    }
  };

  const create = async () => {
    const form = newCustomerForm(values, source);
    const problems = validateCustomerForm(form, []);
    const shown: Errors = {};
    for (const [param, message] of Object.entries(problems)) {
      const field = fieldOf(param);
      if (field && !shown[field]) shown[field] = message;
    }
    setErrors(shown);
    if (Object.keys(shown).length > 0) return;
    setCreating(true);
    try {
      const saved = await saveCustomer(undefined, toPayload(form));
      queryClient.setQueryData(customerKeys.customer(saved._id), saved);
      void queryClient.invalidateQueries({ queryKey: customerKeys.customers });
      await link(saved._id);
    } catch (failure) {
      const found = isApiError(failure) ? duplicateOf(failure.body) : null;
      if (found) {
        setDuplicate(found);
        setErrors({ form: errorMessage(failure) });
        return;
      }
      const fields = fieldErrorMessages(failure, fieldOf);
      if (fields) setErrors(fields);
      else setErrors({ form: errorMessage(failure) });
    } finally {
      setCreating(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDuplicate(null);
    if (mode === 'new') return create();
    if (!chosen) return setErrors({ requester_id: CHAT_TEXT.changeCustomerRequired });
    if (chosen === currentId) return onDone();
    await link(chosen);
  };

  const typed = (field: NewField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
  };

  return (
    <DialogForm
      title={CHAT_TEXT.changeCustomerTitle}
      description={CHAT_TEXT.changeCustomerDescription}
      onSubmit={submit}
      onCancel={onDone}
      pending={update.isPending || creating}
      submitText={mode === 'new' ? CHAT_TEXT.changeCustomerCreate : CHAT_TEXT.changeCustomerLink}
    >
      <div role="radiogroup" aria-label={CHAT_TEXT.changeCustomerHow} className="flex gap-1">
        {(['existing', 'new'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={mode === value}
            onClick={() => {
              setMode(value);
              setErrors({});
              setDuplicate(null);
            }}
            className={cn(
              'flex-1 rounded-md border px-3 py-1.5 text-sm',
              mode === value
                ? 'border-teal-600 bg-teal-50 font-medium text-teal-900'
                : 'border-slate-200 text-slate-600 hover:bg-slate-50',
            )}
          >
            {value === 'existing' ? CHAT_TEXT.changeCustomerExisting : CHAT_TEXT.changeCustomerNew}
          </button>
        ))}
      </div>
      {mode === 'existing' ? (
        <FormField
          id={`${id}-customer`}
          label={CHAT_TEXT.changeCustomerPick}
          error={errors.requester_id}
        >
          <CustomerPicker
            id={`${id}-customer`}
            value={chosen}
            placeholder={CHAT_TEXT.changeCustomerSearch}
            onChange={(next) => {
              setChosen(next);
              setErrors({});
            }}
          />
        </FormField>
      ) : (
        <div className="flex flex-col gap-3">
          {(['name', 'phone', 'email'] as const).map((field) => (
            <FormField
              key={field}
              id={`${id}-${field}`}
              label={CHAT_TEXT.newCustomerLabel[field]}
              required={field === 'name'}
              error={errors[field]}
            >
              <Input
                id={`${id}-${field}`}
                type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                value={values[field]}
                autoFocus={field === 'name'}
                maxLength={field === 'name' ? 150 : 254}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
                onChange={(event) => typed(field)(event.target.value)}
              />
            </FormField>
          ))}
          {errors.form && (
            <div
              role="alert"
              className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              <span>{errors.form}</span>
              {duplicate && (
                <>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={update.isPending}
                    onClick={() => void link(duplicate._id)}
                  >
                    {CHAT_TEXT.linkDuplicate(duplicate.name)}
                  </Button>
                  <Link to={duplicate.link} className="text-teal-800 underline underline-offset-2">
                    {CHAT_TEXT.openDuplicate}
                  </Link>
                </>
              )}
            </div>
          )}
        </div>
      )}
    </DialogForm>
  );
}

/**
 * 'Đổi khách hàng' beside the conversation's customer: link the conversation to another customer
 * found by name, phone or email, or to one created here (the customer contract's rules), through
 * the ticket's own update (`requester_id`).
 */
export function ChangeCustomerButton({
  ticketId,
  source,
  currentId,
  me,
}: {
  ticketId: string;
  source: ChannelSource;
  currentId: string | null;
  me: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => setOpen(true)}
        data-testid="change-customer"
      >
        <UserRoundPen aria-hidden />
        {CHAT_TEXT.changeCustomer}
      </Button>
      <FormDialog open={open} onOpenChange={setOpen} className="sm:max-w-md">
        <ChangeCustomerForm
          ticketId={ticketId}
          source={source}
          currentId={currentId}
          me={me}
          onDone={() => setOpen(false)}
        />
      </FormDialog>
    </>
  );
}
