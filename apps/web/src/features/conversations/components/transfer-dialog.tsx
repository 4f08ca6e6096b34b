import { useId, useState, type FormEvent } from 'react';
import {
  CONVERSATION_MESSAGES,
  conversationTransferBody,
} from '@omnicare/shared/conversations/conversations.schemas';
import { DialogForm, FormDialog, FormField, fieldErrorLink } from '@/components/ui/form-dialog';
import { Textarea } from '@/components/ui/input';
import { errorMessage, fieldErrorMessages } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { AssigneePicker } from '@/features/tickets/components/assignee-picker';
import { DepartmentPicker } from '@/features/users/components/staff-picker';
import { CHAT_TEXT } from '../conversations-text';
import { useTransfer } from '../conversations.queries';

type Field = 'assignee_id' | 'group_id' | 'note';
type Errors = Partial<Record<Field, string>>;

/** The shared rules: someone or a department to receive it, a note of at most 1000 characters. */
export function transferErrors(values: {
  assignee_id: string | null;
  group_id: string | null;
  note: string;
}): Errors {
  const parsed = conversationTransferBody.safeParse(values);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function TransferForm({ ticketId, onDone }: { ticketId: string; onDone: () => void }) {
  const id = useId();
  const transfer = useTransfer(ticketId);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [group, setGroup] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = { assignee_id: assignee, group_id: group, note };
    const problems = transferErrors(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const { message } = await transfer.mutateAsync(conversationTransferBody.parse(values));
      toast.success(message || CONVERSATION_MESSAGES.transferred);
      onDone();
    } catch (failure) {
      const fields = fieldErrorMessages(failure, ['assignee_id', 'group_id', 'note'] as const);
      if (fields) setErrors(fields);
      else toast.error(errorMessage(failure));
    }
  };

  return (
    <DialogForm
      title={CHAT_TEXT.transferTitle}
      description={CHAT_TEXT.transferDescription}
      onSubmit={submit}
      onCancel={onDone}
      pending={transfer.isPending}
      submitText={CHAT_TEXT.transferSubmit}
    >
      <FormField id={`${id}-agent`} label={CHAT_TEXT.transferAgent} error={errors.assignee_id}>
        <AssigneePicker
          id={`${id}-agent`}
          value={assignee}
          placeholder={CHAT_TEXT.chooseAgent}
          onChange={(value, _option, department) => {
            setAssignee(value);
            // The department the agent was picked in goes with them, unless one is chosen.
            if (value && department && !group) setGroup(department._id);
            setErrors({});
          }}
        />
      </FormField>
      <FormField id={`${id}-group`} label={CHAT_TEXT.transferDepartment} error={errors.group_id}>
        <DepartmentPicker
          id={`${id}-group`}
          value={group}
          placeholder={CHAT_TEXT.chooseDepartment}
          onChange={(value) => {
            setGroup(value);
            setErrors({});
          }}
          {...fieldErrorLink(`${id}-group`, errors.group_id)}
        />
      </FormField>
      <FormField id={`${id}-note`} label={CHAT_TEXT.transferNote} error={errors.note}>
        <Textarea
          id={`${id}-note`}
          rows={3}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? `${id}-note-error` : undefined}
        />
      </FormField>
    </DialogForm>
  );
}

/** Transfer to an agent or a department, with a note for whoever receives it. */
export function TransferDialog({
  ticketId,
  open,
  onOpenChange,
}: {
  ticketId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-lg">
      <TransferForm ticketId={ticketId} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}
