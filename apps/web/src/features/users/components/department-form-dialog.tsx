import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Group } from '@omnicare/shared/groups/groups.schemas';
import {
  DialogForm,
  FormDialog,
  FormField,
  fieldAria,
  fieldErrorLink,
} from '@/components/ui/form-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { OrganizationPicker } from '@/features/organizations/components/organization-picker';
import { applyFieldErrors } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[92vh] max-w-xl overflow-y-auto"
    >
      <DepartmentForm key={group?._id ?? 'new'} group={group} onDone={() => onOpenChange(false)} />
    </FormDialog>
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

  const onSubmit = form.handleSubmit((values) => {
    const body = { ...values, member_ids: withLeader(values.member_ids ?? [], values.leader_id) };
    return saveForm(() => save.mutateAsync({ id: group?._id ?? null, body }), {
      onSaved: onDone,
      showFieldErrors: (error) => applyFieldErrors(error, form.setError, DEPARTMENT_FIELDS),
    });
  });

  const field = (name: keyof DepartmentFormValues) => ({
    id: id(name),
    error: errors[name]?.message,
  });
  const aria = (name: keyof DepartmentFormValues) =>
    fieldErrorLink(id(name), errors[name]?.message);

  return (
    <DialogForm
      title={group ? 'Cập nhật phòng ban' : 'Thêm phòng ban'}
      description="Trưởng phòng luôn là thành viên của phòng ban."
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
    >
      <FormField label="Tên phòng ban" required {...field('name')}>
        <Input
          id={id('name')}
          {...fieldAria(id('name'), errors.name?.message)}
          {...form.register('name')}
        />
      </FormField>
      <FormField label="Tổ chức" {...field('organization_id')}>
        <Controller
          control={form.control}
          name="organization_id"
          render={({ field: control }) => (
            <OrganizationPicker
              id={id('organization_id')}
              value={control.value ?? null}
              onChange={control.onChange}
              noneLabel={USERS_TEXT.noOrganization}
              {...aria('organization_id')}
            />
          )}
        />
      </FormField>
      <FormField label="Trưởng phòng" {...field('leader_id')}>
        <Controller
          control={form.control}
          name="leader_id"
          render={({ field: control }) => (
            <StaffPicker
              id={id('leader_id')}
              value={control.value ?? null}
              onChange={control.onChange}
              placeholder="Chọn trưởng phòng"
              knownOptions={known}
              {...aria('leader_id')}
            />
          )}
        />
      </FormField>
      <FormField label="Thành viên" {...field('member_ids')}>
        <Controller
          control={form.control}
          name="member_ids"
          render={({ field: control }) => (
            <StaffPicker
              id={id('member_ids')}
              multiple
              value={control.value ?? []}
              onChange={(next) => control.onChange(next)}
              placeholder="Chọn thành viên"
              maxChips={8}
              knownOptions={known}
              {...aria('member_ids')}
            />
          )}
        />
      </FormField>
      <FormField label="Mô tả" {...field('description')}>
        <Textarea
          id={id('description')}
          rows={3}
          {...fieldAria(id('description'), errors.description?.message)}
          {...form.register('description')}
        />
      </FormField>
    </DialogForm>
  );
}
