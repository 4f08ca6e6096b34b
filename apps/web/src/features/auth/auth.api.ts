import type {
  AcceptInviteBody,
  ForgotPasswordBody,
  LoginBody,
  MyAccount,
  ResetPasswordBody,
  StoredUser,
} from '@omnicare/shared/auth/auth.schemas';
import type { Presence } from '@omnicare/shared/users/presence';
import type { PresenceView } from '@omnicare/shared/users/presence.schemas';
import { apiRequest } from '@/lib/http';

export const login = (body: LoginBody) =>
  apiRequest<StoredUser>({ method: 'POST', url: '/v2/login', data: body });

export const getMyAccount = (signal?: AbortSignal) =>
  apiRequest<MyAccount>({ method: 'GET', url: '/v2/my-account', signal });

export const updateMyPresence = (presence: Presence) =>
  apiRequest<PresenceView>({ method: 'PUT', url: '/v2/my-presence', data: { presence } });

export const requestResetCode = (body: ForgotPasswordBody) =>
  apiRequest<null>({ method: 'POST', url: '/v2/forgot-password', data: body });

export const confirmReset = (body: ResetPasswordBody) =>
  apiRequest<null>({ method: 'POST', url: '/v2/forgot-password/confirm', data: body });

export const startViewAs = (userId: string) =>
  apiRequest<StoredUser>({ method: 'POST', url: '/v2/view-as', data: { user_id: userId } });

/** The invitee sets their password from the mailed link and is signed in. */
export const acceptInvite = (body: AcceptInviteBody) =>
  apiRequest<StoredUser>({ method: 'POST', url: '/v2/accept-invite', data: body });
