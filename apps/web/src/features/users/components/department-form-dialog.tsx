import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import type { Group } from '@omnicare/shared/groups/groups.schemas';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { OrganizationPicker } from '@/features/organizations/components/organization-picker';
import { applyFieldErrors, errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import {
  DEPARTMENT_FIELDS,
  departmentFormDefaults,
  departmentFormSchema,
  withLeader,
} from '../department-form';
import type { DepartmentFormValues } from '../department-form';
import { useSaveDepartment } from '../users.queries';
import { USERS_TEXT } from '../users-text';
import { StaffPicker } from './staff-picker';

export function DepartmentFormDialog({
  open,
  onOpenChange,
  group,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  group: Group | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] max-w-xl overflow-y-auto">
        {open && (
          <DepartmentForm
            key={group?._id ?? 'new'}
            group={group}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DepartmentForm({ group, onDone }: { group: Group | null; onDone: () => void }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const form = useForm({
    resolver: zodResolver(departmentFormSchema, undefined, { raw: true }),
    defaultValues: departmentFormDefaults(group),
  });
  const { errors } = form.formState;
  const save = useSaveDepartment();
  // The names of the current leader and members, whichever page the search shows.
  const known = [
    ...(group?.members ?? []).map((member) => ({ value: member._id, label: member.name })),
    ...(group?.leader_id ? [{ value: group.leader_id, label: group.leader_name ?? '' }] : []),
  ];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const body = { ...values, member_ids: withLeader(values.member_ids ?? [], values.leader_id) };
      const result = await save.mutateAsync({ id: group?._id ?? null, body });
      toast.success(result.message);
      onDone();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, DEPARTMENT_FIELDS))
        toast.error(errorMessage(error));
    }
  });

  const aria = (name: keyof DepartmentFormValues) => ({
    invalid: errors[name] ? true : undefined,
    describedBy: errors[name] ? `${id(name)}-error` : undefined,
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{group ? 'Cập nhật phòng ban' : 'Thêm phòng ban'}</DialogTitle>
        <DialogDescription>Trưởng phòng luôn là thành viên của phòng ban.</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('name')}>
          Tên phòng ban<span className="ml-0.5 text-red-600">*</span>
        </Label>
        <Input
          id={id('name')}
          aria-invalid={aria('name').invalid}
          aria-describedby={aria('name').describedBy}
          {...form.register('name')}
        />
        <FieldError id={`${id('name')}-error`} message={errors.name?.message} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('organization_id')}>Tổ chức</Label>
        <Controller
          control={form.control}
          name="organization_id"
          render={({ field }) => (
            <OrganizationPicker
              id={id('organization_id')}
              value={field.value ?? null}
              onChange={field.onChange}
              noneLabel={USERS_TEXT.noOrganization}
              {...aria('organization_id')}
            />
          )}
        />
        <FieldError
          id={`${id('organization_id')}-error`}
          message={errors.organization_id?.message}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('leader_id')}>Trưởng phòng</Label>
        <Controller
          control={form.control}
          name="leader_id"
          render={({ field }) => (
            <StaffPicker
              id={id('leader_id')}
              value={field.value ?? null}
              onChange={field.onChange}
              placeholder="Chọn trưởng phòng"
              knownOptions={known}
              {...aria('leader_id')}
            />
          )}
        />
        <FieldError id={`${id('leader_id')}-error`} message={errors.leader_id?.message} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('member_ids')}>Thành viên</Label>
        <Controller
          control={form.control}
          name="member_ids"
          render={({ field }) => (
            <StaffPicker
              id={id('member_ids')}
              multiple
              value={field.value ?? []}
              onChange={(next) => field.onChange(next)}
              placeholder="Chọn thành viên"
              maxChips={8}
              knownOptions={known}
              {...aria('member_ids')}
            />
          )}
        />
        <FieldError id={`${id('member_ids')}-error`} message={errors.member_ids?.message} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id('description')}>Mô tả</Label>
        <Textarea
          id={id('description')}
          rows={3}
          aria-invalid={aria('description').invalid}
          aria-describedby={aria('description').describedBy}
          {...form.register('description')}
        />
        <FieldError id={`${id('description')}-error`} message={errors.description?.message} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {USERS_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {USERS_TEXT.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
