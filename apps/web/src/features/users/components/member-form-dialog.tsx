import { useId } from 'react';
import type { ComponentProps } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ROLE, STAFF_ROLES } from '@omnicare/shared/users/roles';
import type { StaffRole } from '@omnicare/shared/users/roles';
import type { StaffUser } from '@omnicare/shared/users/users.schemas';
import { DialogForm, FormDialog, FormField } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { OrganizationPicker } from '@/features/organizations/components/organization-picker';
import { applyFieldErrors } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { useSaveStaff } from '../users.queries';
import { DepartmentPicker } from './staff-picker';
import type { CreateUserInput, UpdateUserInput } from '../users.api';
import { USERS_TEXT } from '../users-text';
import {
  MEMBER_FIELDS,
  memberFormDefaults,
  memberFormResolver,
  memberRequestBody,
} from '../member-form';
import type { MemberFormMode, MemberFormOutput, MemberFormValues } from '../member-form';

export interface MemberFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null to create (or invite). */
  user: StaffUser | null;
  /** Invite by email instead of setting a password. */
  invite?: boolean;
}

export function MemberFormDialog({ open, onOpenChange, user, invite }: MemberFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[92vh] max-w-2xl overflow-y-auto pb-0"
    >
      <MemberForm
        key={user?._id ?? (invite ? 'invite' : 'new')}
        user={user}
        invite={invite}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

/** The create/invite/edit form of a staff member, validated with the server's own schema. */
export function MemberForm({
  user,
  invite,
  onDone,
}: {
  user: StaffUser | null;
  invite?: boolean;
  onDone: () => void;
}) {
  const mode: MemberFormMode = user ? 'edit' : invite ? 'invite' : 'create';
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const form = useForm<MemberFormValues, unknown, MemberFormOutput>({
    resolver: memberFormResolver(mode),
    defaultValues: memberFormDefaults(user),
  });
  const { errors } = form.formState;
  const save = useSaveStaff();

  const onSubmit = form.handleSubmit((values) => {
    const body = memberRequestBody(values, mode);
    return saveForm(
      () =>
        user
          ? save.mutateAsync({ id: user._id, body: body as UpdateUserInput })
          : mode === 'invite'
            ? save.mutateAsync({ invite: true, body })
            : save.mutateAsync({ id: null, body: body as CreateUserInput }),
      {
        onSaved: onDone,
        showFieldErrors: (error) => applyFieldErrors(error, form.setError, MEMBER_FIELDS),
      },
    );
  });

  const invalid = (name: keyof MemberFormValues) => (errors[name] ? true : undefined);
  const describedBy = (name: keyof MemberFormValues) =>
    errors[name] ? `${id(name)}-error` : undefined;
  const text = (name: keyof MemberFormValues, extra: ComponentProps<'input'> = {}) => ({
    id: id(name),
    'aria-invalid': invalid(name),
    'aria-describedby': describedBy(name),
    ...extra,
  });

  const knownDepartments = (user?.groups ?? []).map((group) => ({
    value: group._id,
    label: group.name,
  }));

  return (
    <DialogForm
      title={
        {
          edit: USERS_TEXT.editTitle,
          create: USERS_TEXT.createTitle,
          invite: USERS_TEXT.inviteTitle,
        }[mode]
      }
      description={
        user
          ? `${user.name} · ${user.email}`
          : mode === 'invite'
            ? USERS_TEXT.inviteDescription
            : 'Tài khoản đăng nhập của một nhân viên mới.'
      }
      onSubmit={onSubmit}
      onCancel={onDone}
      pending={save.isPending}
      submitText={mode === 'invite' ? USERS_TEXT.sendInvite : undefined}
      className="gap-5"
      // Long forms scroll under a footer that stays in view (1366×768 included).
      footerClassName="sticky bottom-0 z-10 -mx-6 mt-auto border-t border-slate-200 bg-white px-6 py-3"
    >
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('name')} label="Họ tên" required error={errors.name?.message}>
          <Input {...text('name', { autoComplete: 'off' })} {...form.register('name')} />
        </FormField>
        <FormField id={id('email')} label="Email" required error={errors.email?.message}>
          <Input
            {...text('email', { type: 'email', autoComplete: 'off' })}
            {...form.register('email')}
          />
        </FormField>
        <FormField id={id('phone')} label="Số điện thoại" error={errors.phone?.message}>
          <Input {...text('phone', { inputMode: 'tel' })} {...form.register('phone')} />
        </FormField>
        <FormField
          id={id('agent_id')}
          label="Mã nhân viên"
          required={mode === 'edit'}
          error={errors.agent_id?.message}
          hint={mode === 'edit' ? undefined : USERS_TEXT.agentIdAuto}
        >
          <Input {...text('agent_id')} {...form.register('agent_id')} />
        </FormField>
        <FormField id={id('role')} label="Vai trò" required error={errors.role?.message}>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={(next) => field.onChange(next as StaffRole)}
              >
                <SelectTrigger
                  id={id('role')}
                  aria-invalid={invalid('role')}
                  aria-describedby={describedBy('role')}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {STAFF_ROLES.map((role) => (
                    <SelectItem key={role} value={role}>
                      {ROLE.label(role)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField
          id={id('organization_id')}
          label="Tổ chức"
          error={errors.organization_id?.message}
        >
          <Controller
            control={form.control}
            name="organization_id"
            render={({ field }) => (
              <OrganizationPicker
                id={id('organization_id')}
                value={field.value ?? null}
                onChange={field.onChange}
                noneLabel={USERS_TEXT.noOrganization}
                invalid={invalid('organization_id')}
                describedBy={describedBy('organization_id')}
              />
            )}
          />
        </FormField>
        <FormField
          id={id('group_ids')}
          label="Phòng ban"
          error={errors.group_ids?.message ?? errors.group_ids?.root?.message}
          className="flex flex-col gap-1.5 sm:col-span-2"
        >
          <Controller
            control={form.control}
            name="group_ids"
            render={({ field }) => (
              <DepartmentPicker
                id={id('group_ids')}
                multiple
                value={field.value ?? []}
                onChange={(next) => field.onChange(next)}
                knownOptions={knownDepartments}
                placeholder="Chọn phòng ban"
                maxChips={6}
                invalid={invalid('group_ids')}
                describedBy={describedBy('group_ids')}
              />
            )}
          />
        </FormField>
        {mode === 'create' && (
          <FormField
            id={id('password')}
            label="Mật khẩu đăng nhập"
            required
            error={errors.password?.message}
            hint="Ít nhất 8 ký tự, có chữ và số."
          >
            <Input
              {...text('password', { type: 'password', autoComplete: 'new-password' })}
              {...form.register('password')}
            />
          </FormField>
        )}
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50/60 p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-800">
          {USERS_TEXT.sipSection}
        </legend>
        <FormField
          id={id('sip_username')}
          label="Tài khoản SIP"
          error={errors.sip_username?.message}
        >
          <Input
            {...text('sip_username', { autoComplete: 'off' })}
            {...form.register('sip_username')}
          />
        </FormField>
        <FormField id={id('hotline')} label="Hotline" error={errors.hotline?.message}>
          <Input {...text('hotline')} {...form.register('hotline')} />
        </FormField>
        <FormField
          id={id('sip_gateway_url')}
          label="SIP gateway"
          error={errors.sip_gateway_url?.message}
          hint={USERS_TEXT.sipGatewayHint}
          className="flex flex-col gap-1.5 sm:col-span-2"
        >
          <Input
            {...text('sip_gateway_url', {
              placeholder: 'wss://sip1.example.vn, wss://sip2.example.vn',
            })}
            {...form.register('sip_gateway_url')}
          />
        </FormField>
        <FormField
          id={id('sip_password')}
          label="Mật khẩu SIP"
          error={errors.sip_password?.message}
          hint={user?.has_sip_password ? 'Đã có mật khẩu SIP được lưu (mã hóa).' : undefined}
        >
          <Input
            {...text('sip_password', {
              type: 'password',
              autoComplete: 'new-password',
              placeholder: user ? USERS_TEXT.keepSipPassword : undefined,
            })}
            {...form.register('sip_password')}
          />
        </FormField>
      </fieldset>
    </DialogForm>
  );
}
