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
import { ASSIGNMENT_LABELS } from '@omnicare/shared/groups/groups.schemas';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { OrganizationPicker } from '@/features/organizations/components/organization-picker';
import { applyFieldErrors } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import {
  capacityFromInput,
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
      <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">Phân công ticket</legend>
        <Controller
          control={form.control}
          name="auto_assign"
          render={({ field: control }) => (
            <div className="flex items-start gap-2">
              <Switch
                id={id('auto_assign')}
                checked={control.value ?? false}
                onCheckedChange={(checked) => control.onChange(checked)}
                aria-describedby={`${id('auto_assign')}-hint`}
              />
              <div className="flex flex-col gap-0.5">
                <Label htmlFor={id('auto_assign')}>{ASSIGNMENT_LABELS.auto_assign}</Label>
                <p id={`${id('auto_assign')}-hint`} className="text-xs text-slate-500">
                  Ticket mới chưa có người xử lý được chia lần lượt cho thành viên đang Sẵn sàng làm
                  việc.
                </p>
              </div>
            </div>
          )}
        />
        <FormField
          label={ASSIGNMENT_LABELS.assign_capacity}
          hint="Tính các ticket Mới, Đang mở và Đang chờ; để trống là không giới hạn."
          {...field('assign_capacity')}
        >
          <Input
            id={id('assign_capacity')}
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            step={1}
            placeholder="Không giới hạn"
            className="max-w-40"
            {...fieldAria(id('assign_capacity'), errors.assign_capacity?.message)}
            {...form.register('assign_capacity', { setValueAs: capacityFromInput })}
          />
        </FormField>
        <Controller
          control={form.control}
          name="reassign_on_logout"
          render={({ field: control }) => (
            <div className="flex items-start gap-2">
              <Switch
                id={id('reassign_on_logout')}
                checked={control.value ?? false}
                onCheckedChange={(checked) => control.onChange(checked)}
                aria-describedby={`${id('reassign_on_logout')}-hint`}
              />
              <div className="flex flex-col gap-0.5">
                <Label htmlFor={id('reassign_on_logout')}>
                  {ASSIGNMENT_LABELS.reassign_on_logout}
                </Label>
                <p id={`${id('reassign_on_logout')}-hint`} className="text-xs text-slate-500">
                  Ticket chưa giải quyết của người đăng xuất được chia cho thành viên khác.
                </p>
              </div>
            </div>
          )}
        />
      </fieldset>
    </DialogForm>
  );
}
