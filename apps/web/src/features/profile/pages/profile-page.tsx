import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { z } from 'zod';
import { PRESENCE, SELECTABLE_PRESENCES } from '@omnicare/shared/users/presence';
import type { Presence } from '@omnicare/shared/users/presence';
import { ROLE } from '@omnicare/shared/users/roles';
import {
  changePasswordBody,
  updateProfileBody,
  type MyProfile,
} from '@omnicare/shared/users/users.schemas';
import { PageHeader } from '@/components/layout/page-header';
import { AvatarPicker } from '@/components/ui/avatar-picker';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField, fieldAria } from '@/components/ui/form-dialog';
import { Input, Textarea } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { applyFieldErrors, errorMessage, fieldErrorMessages } from '@/lib/errors';
import { saveForm } from '@/lib/mutation-feedback';
import { toast } from '@/lib/toast';
import { useSessionStore } from '@/stores/session-store';
import {
  changeMyPassword,
  getMyProfile,
  signOutOtherSessions,
  updateMyProfile,
  uploadMyAvatar,
} from '../profile.api';
import { PROFILE_TEXT, PROFILE_TITLE } from '../profile-text';

const profileKey = ['my-profile'] as const;
/** 'Giữ trạng thái lần trước' in the select (null on the server). */
const KEEP = 'keep';

/** /profile: the signed-in person's own name, picture, default presence, password, sessions. */
export function ProfilePage() {
  const profile = useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => getMyProfile(signal),
  });
  const viewingAs = useSessionStore((state) => state.viewAsUser !== null);
  if (!profile.data) return <PageSpinner />;
  return (
    <div className="flex w-full max-w-3xl flex-col gap-4">
      <PageHeader title={PROFILE_TITLE} />
      <ProfileCard profile={profile.data} />
      {viewingAs ? (
        <p className="text-sm text-slate-500">{PROFILE_TEXT.viewAsReadOnly}</p>
      ) : (
        <>
          <PasswordCard />
          <SessionsCard />
        </>
      )}
    </div>
  );
}

/** After a change of name or picture the header and lists read the new one. */
function useProfileSaved() {
  const queryClient = useQueryClient();
  return (profile: MyProfile) => {
    queryClient.setQueryData(profileKey, profile);
    void queryClient.invalidateQueries({ queryKey: ['my-account'] });
    useSessionStore.getState().renameUser(profile.name);
  };
}

const formValuesOf = (profile: MyProfile) => ({
  name: profile.name,
  default_presence: profile.default_presence,
  email_signature: profile.email_signature,
});

function ProfileCard({ profile }: { profile: MyProfile }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const saved = useProfileSaved();
  const form = useForm<z.input<typeof updateProfileBody>>({
    resolver: zodResolver(updateProfileBody, undefined, { raw: true }),
    defaultValues: formValuesOf(profile),
  });
  const { errors, isSubmitting } = form.formState;
  const [avatarError, setAvatarError] = useState<string>();
  const avatar = useMutation({
    meta: { silent: true },
    mutationFn: uploadMyAvatar,
    onSuccess: (result) => {
      setAvatarError(undefined);
      saved(result.data);
      toast.success(result.message);
    },
    onError: (error) => {
      const message = fieldErrorMessages(error, ['file'] as const)?.file;
      setAvatarError(message);
      if (!message) toast.error(errorMessage(error));
    },
  });
  const onSubmit = form.handleSubmit((values) =>
    saveForm(
      async () => {
        const result = await updateMyProfile(values as z.output<typeof updateProfileBody>);
        saved(result.data);
        form.reset(formValuesOf(result.data));
        return result;
      },
      {
        onSaved: () => undefined,
        showFieldErrors: (error) =>
          applyFieldErrors(error, form.setError, [
            'name',
            'default_presence',
            'email_signature',
          ] as const),
      },
    ),
  );

  return (
    <Card className="flex flex-col gap-4 p-4">
      <div>
        <h2 className="text-sm font-semibold text-slate-900">{PROFILE_TEXT.info}</h2>
        <p className="mt-1 text-[13px] text-slate-500">{PROFILE_TEXT.infoHint}</p>
      </div>
      <AvatarPicker
        name={profile.name}
        url={profile.avatar_url}
        pending={avatar.isPending}
        error={avatarError}
        onPick={(file) => avatar.mutate(file)}
      />
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">{PROFILE_TEXT.email}</dt>
          <dd className="truncate text-slate-900">{profile.email}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{PROFILE_TEXT.role}</dt>
          <dd className="text-slate-900">{ROLE.label(profile.role)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{PROFILE_TEXT.agentId}</dt>
          <dd className="font-mono text-slate-900">{profile.agent_id}</dd>
        </div>
      </dl>
      <form
        noValidate
        aria-label={PROFILE_TEXT.info}
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <FormField id={id('name')} label={PROFILE_TEXT.name} required error={errors.name?.message}>
          <Input
            id={id('name')}
            {...fieldAria(id('name'), errors.name?.message)}
            {...form.register('name')}
          />
        </FormField>
        <FormField
          id={id('presence')}
          label={PROFILE_TEXT.defaultPresence}
          error={errors.default_presence?.message}
        >
          <Controller
            control={form.control}
            name="default_presence"
            render={({ field }) => (
              <Select
                value={field.value ?? KEEP}
                onValueChange={(next) => field.onChange(next === KEEP ? null : (next as Presence))}
              >
                <SelectTrigger id={id('presence')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={KEEP}>{PROFILE_TEXT.keepLastPresence}</SelectItem>
                  {SELECTABLE_PRESENCES.map((presence) => (
                    <SelectItem key={presence} value={presence}>
                      {PRESENCE.label(presence)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField
          id={id('signature')}
          label={PROFILE_TEXT.emailSignature}
          hint={PROFILE_TEXT.emailSignatureHint}
          error={errors.email_signature?.message}
          className="sm:col-span-2"
        >
          <Textarea
            id={id('signature')}
            rows={4}
            placeholder={PROFILE_TEXT.emailSignaturePlaceholder}
            {...fieldAria(id('signature'), errors.email_signature?.message)}
            {...form.register('email_signature')}
          />
        </FormField>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Loader2 className="animate-spin" aria-hidden="true" />}
            {PROFILE_TEXT.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}

const passwordForm = changePasswordBody
  .extend({ confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: PROFILE_TEXT.mismatch,
  });

function PasswordCard() {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const form = useForm<z.input<typeof passwordForm>>({
    resolver: zodResolver(passwordForm, undefined, { raw: true }),
    defaultValues: { current_password: '', password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(({ current_password, password }) =>
    saveForm(() => changeMyPassword({ current_password, password }), {
      onSaved: () => form.reset(),
      showFieldErrors: (error) =>
        applyFieldErrors(error, form.setError, ['current_password', 'password'] as const),
    }),
  );
  const field = (name: 'current_password' | 'password' | 'confirm', label: string) => (
    <FormField id={id(name)} label={label} required error={errors[name]?.message}>
      <Input
        id={id(name)}
        type="password"
        autoComplete={name === 'current_password' ? 'current-password' : 'new-password'}
        {...fieldAria(id(name), errors[name]?.message)}
        {...form.register(name)}
      />
    </FormField>
  );
  return (
    <Card className="flex flex-col gap-4 p-4">
      <div>
        <h2 className="text-sm font-semibold text-slate-900">{PROFILE_TEXT.password}</h2>
        <p className="mt-1 text-[13px] text-slate-500">{PROFILE_TEXT.passwordHint}</p>
      </div>
      <form
        noValidate
        aria-label={PROFILE_TEXT.password}
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4 sm:grid-cols-3"
      >
        {field('current_password', PROFILE_TEXT.currentPassword)}
        {field('password', PROFILE_TEXT.newPassword)}
        {field('confirm', PROFILE_TEXT.confirmPassword)}
        <div className="flex justify-end sm:col-span-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Loader2 className="animate-spin" aria-hidden="true" />}
            {PROFILE_TEXT.changePassword}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function SessionsCard() {
  const signOut = useMutation({ mutationFn: signOutOtherSessions });
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="text-sm font-semibold text-slate-900">{PROFILE_TEXT.sessions}</h2>
        <p className="mt-1 text-[13px] text-slate-500">{PROFILE_TEXT.sessionsHint}</p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" className="shrink-0" disabled={signOut.isPending}>
            {PROFILE_TEXT.signOutOthers}
          </Button>
        }
        title={PROFILE_TEXT.signOutOthers}
        description={PROFILE_TEXT.signOutOthersConfirm}
        confirmText={PROFILE_TEXT.signOutOthers}
        onConfirm={() =>
          signOut
            .mutateAsync()
            .then((result) => toast.success(result.message))
            .catch(() => undefined)
        }
      />
    </Card>
  );
}
