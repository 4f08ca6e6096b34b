import type {
  ChangePasswordBody,
  MyProfile,
  UpdateProfileBody,
} from '@omnicare/shared/users/users.schemas';
import { apiRequest, apiRequestWithMessage } from '@/lib/http';

export const getMyProfile = (signal?: AbortSignal) =>
  apiRequest<MyProfile>({ method: 'GET', url: '/v2/my-profile', signal });

export const updateMyProfile = (body: UpdateProfileBody) =>
  apiRequestWithMessage<MyProfile>({ method: 'PUT', url: '/v2/my-profile', data: body });

export function uploadMyAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequestWithMessage<MyProfile>({
    method: 'POST',
    url: '/v2/my-avatar',
    data: form,
  });
}

export const changeMyPassword = (body: ChangePasswordBody) =>
  apiRequestWithMessage<null>({ method: 'PUT', url: '/v2/my-password', data: body });

export const signOutOtherSessions = () =>
  apiRequestWithMessage<{ revoked: number }>({
    method: 'POST',
    url: '/v2/my-sessions/revoke-others',
    data: {},
  });
