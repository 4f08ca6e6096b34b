import { useState } from 'react';
import type { FormEvent } from 'react';
import { CUSTOMER_GROUP_TARGET } from '@omnicare/shared/customers/customer-enums';
import { createGroupBody } from '@omnicare/shared/groups/groups.schemas';
import type { Group } from '@omnicare/shared/groups/groups.schemas';
import { DialogForm, FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { errorMessage, fieldErrorMessages } from '@/lib/errors';
import { toast } from '@/lib/toast';
import type { CustomerGroupPayload } from '../customers.api';
import { CUSTOMER_GROUP_TEXT } from '../customers-text';

/** The name rule of the shared schema: required and not blank after trimming. */
export function validateGroupName(name: string): string | null {
  const parsed = createGroupBody.safeParse({ target: CUSTOMER_GROUP_TARGET, name });
  if (parsed.success) return null;
  return parsed.error.issues.find((issue) => issue.path[0] === 'name')?.message ?? null;
}

export interface CustomerGroupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The group being edited; undefined to create one. */
  group?: Pick<Group, '_id' | 'name'>;
  /** Saves; a rejection keeps the dialog open (422 messages land on the field). */
  onSubmit: (payload: CustomerGroupPayload) => Promise<unknown>;
}

function GroupForm({ group, onSubmit, onOpenChange }: Omit<CustomerGroupDialogProps, 'open'>) {
  const [name, setName] = useState(group?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateGroupName(name);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      await onSubmit({ id: group?._id, name: name.trim() });
      onOpenChange(false);
    } catch (failure) {
      // A 422 on the name shows under it; anything else is a toast (the save itself is silent).
      const message = fieldErrorMessages(failure, ['name'] as const)?.name;
      if (message) setError(message);
      else toast.error(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <DialogForm
      title={group ? CUSTOMER_GROUP_TEXT.editTitle : CUSTOMER_GROUP_TEXT.createTitle}
      description={CUSTOMER_GROUP_TEXT.nameLabel}
      descriptionClassName="sr-only"
      onSubmit={submit}
      onCancel={() => onOpenChange(false)}
      pending={pending}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="customer-group-name">
          {CUSTOMER_GROUP_TEXT.nameLabel} <span className="text-red-600">*</span>
        </Label>
        <Input
          id="customer-group-name"
          value={name}
          autoFocus
          maxLength={150}
          placeholder={CUSTOMER_GROUP_TEXT.namePlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'customer-group-name-error' : undefined}
          onChange={(event) => {
            setName(event.target.value);
            if (error) setError(null);
          }}
        />
        <FieldError id="customer-group-name-error" message={error ?? undefined} />
      </div>
    </DialogForm>
  );
}

/** Add or edit a customer group: one name, required and not blank. */
export function CustomerGroupDialog({
  open,
  onOpenChange,
  group,
  onSubmit,
}: CustomerGroupDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="max-w-md">
      <GroupForm
        key={group?._id ?? 'new'}
        group={group}
        onSubmit={onSubmit}
        onOpenChange={onOpenChange}
      />
    </FormDialog>
  );
}
