import type { z } from 'zod';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createUserBody,
  inviteUserBody,
  updateUserBody,
} from '@omnicare/shared/users/users.schemas';
import type { StaffUser } from '@omnicare/shared/users/users.schemas';
import type { UpdateUserInput } from './users.api';

/** 'invite': no password, the invitee sets it from the mailed link; agent id may be left empty. */
export type MemberFormMode = 'create' | 'invite' | 'edit';

/** What the form holds: the create body's input (the password is unused when editing). */
export type MemberFormValues = z.input<typeof createUserBody>;
/**
 * What a valid form gives: the raw input, not the schema's output. The server parses the body
 * with the same schema, and its transforms (blank to null, lower-case email) are not idempotent:
 * a null where the schema expects a string is refused.
 */
export type MemberFormOutput = MemberFormValues;

/** The shared schemas, as the server validates them: creating needs a password. */
export function memberFormSchema(mode: MemberFormMode) {
  // Editing never sends a password: the update schema drops the field.
  return { create: createUserBody, invite: inviteUserBody, edit: updateUserBody }[mode];
}

export function memberFormResolver(
  mode: MemberFormMode,
): Resolver<MemberFormValues, unknown, MemberFormOutput> {
  if (mode === 'create') return zodResolver(createUserBody, undefined, { raw: true });
  // The form holds a (blank, unused) password the other schemas do not know: it is ignored.
  return zodResolver(memberFormSchema(mode), undefined, { raw: true }) as unknown as Resolver<
    MemberFormValues,
    unknown,
    MemberFormOutput
  >;
}

/** Every field the server may name in a 422 answer. */
export const MEMBER_FIELDS = [
  'name',
  'email',
  'phone',
  'role',
  'organization_id',
  'group_ids',
  'agent_id',
  'sip_username',
  'sip_gateway_url',
  'sip_password',
  'hotline',
  'password',
] as const satisfies readonly (keyof MemberFormValues)[];

export function memberFormDefaults(user: StaffUser | null): MemberFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    role: user?.role ?? 'agent',
    organization_id: user?.organization_id ?? null,
    group_ids: user?.groups.map((group) => group._id) ?? [],
    agent_id: user?.agent_id ?? '',
    sip_username: user?.sip_username ?? '',
    sip_gateway_url: user?.sip_gateway_url ?? '',
    // Never sent back by the server: empty keeps the stored one when editing.
    sip_password: '',
    hotline: user?.hotline ?? '',
    password: '',
  };
}

/** The request body: an empty SIP password is left out so the stored one stays. */
export function memberRequestBody(values: MemberFormOutput, mode: MemberFormMode) {
  const { password, sip_password, ...rest } = values;
  const body = {
    ...rest,
    agent_id: rest.agent_id ?? '',
    ...(sip_password ? { sip_password } : {}),
  };
  return mode === 'create' ? { ...body, password } : (body satisfies UpdateUserInput);
}
