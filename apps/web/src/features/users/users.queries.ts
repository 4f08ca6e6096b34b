import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bulkSetStaffActive,
  createStaff,
  fetchStaffTimeline,
  inviteStaff,
  listStaff,
  resendInvite,
  resetStaffPassword,
  setStaffActive,
  updateStaff,
} from './users.api';
import type {
  CreateUserInput,
  InviteUserInput,
  StaffListParams,
  UpdateUserInput,
} from './users.api';
import {
  createDepartment,
  deleteDepartment,
  listDepartments,
  updateDepartment,
} from './departments.api';
import type { DepartmentBody, DepartmentListParams } from './departments.api';

export const staffKeys = {
  all: ['staff'] as const,
  list: (params: StaffListParams) => ['staff', 'list', params] as const,
};
export const departmentKeys = {
  all: ['departments'] as const,
  list: (params: DepartmentListParams) => ['departments', 'list', params] as const,
};
export const staffTimelineKeys = {
  page: (id: string, page: number, pageSize: number) =>
    ['staff', 'timeline', id, page, pageSize] as const,
};

export function useStaffList(params: StaffListParams, enabled = true) {
  return useQuery({
    queryKey: staffKeys.list(params),
    queryFn: ({ signal }) => listStaff(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useInvalidateStaff() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: staffKeys.all }),
      queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['organizations'] }),
      queryClient.invalidateQueries({ queryKey: ['audit'] }),
    ]);
}

export function useSaveStaff() {
  const invalidate = useInvalidateStaff();
  return useMutation({
    // The form shows field errors itself.
    meta: { silent: true },
    mutationFn: (
      input:
        | { id: null; body: CreateUserInput }
        | { id: string; body: UpdateUserInput }
        | { invite: true; body: InviteUserInput },
    ) =>
      'invite' in input
        ? inviteStaff(input.body)
        : input.id === null
          ? createStaff(input.body)
          : updateStaff(input.id, input.body),
    onSuccess: () => invalidate(),
  });
}

export function useResendInvite() {
  const invalidate = useInvalidateStaff();
  return useMutation({
    mutationFn: (id: string) => resendInvite(id),
    onSuccess: () => invalidate(),
  });
}

export function useSetStaffActive() {
  const invalidate = useInvalidateStaff();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setStaffActive(id, active),
    onSettled: () => invalidate(),
  });
}

export function useBulkSetStaffActive() {
  const invalidate = useInvalidateStaff();
  return useMutation({
    mutationFn: ({ ids, active }: { ids: readonly string[]; active: boolean }) =>
      bulkSetStaffActive(ids, active),
    onSettled: () => invalidate(),
  });
}

export function useResetStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      resetStaffPassword(id, password),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['audit'] }),
  });
}

export function useUserTimeline(userId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: staffTimelineKeys.page(userId, page, pageSize),
    queryFn: ({ signal }) => fetchStaffTimeline(userId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDepartmentList(params: DepartmentListParams) {
  return useQuery({
    queryKey: departmentKeys.list(params),
    queryFn: ({ signal }) => listDepartments(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSaveDepartment() {
  const invalidate = useInvalidateStaff();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, body }: { id: string | null; body: DepartmentBody }) =>
      id ? updateDepartment({ ...body, id }) : createDepartment(body),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteDepartment() {
  const invalidate = useInvalidateStaff();
  return useMutation({
    mutationFn: (id: string) => deleteDepartment(id),
    onSuccess: () => invalidate(),
  });
}
