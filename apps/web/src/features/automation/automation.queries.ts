import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeWorkflowStatus,
  cloneWorkflow,
  deleteWorkflow,
  getWorkflow,
  listWorkflowRuns,
  listWorkflows,
  type WorkflowListParams,
  type WorkflowRunParams,
} from './automation.api';

export const workflowKeys = {
  all: ['workflows'] as const,
  list: (params: WorkflowListParams) => ['workflows', 'list', params] as const,
  detail: (id: string) => ['workflows', 'detail', id] as const,
  runs: (id: string, params: WorkflowRunParams) => ['workflows', 'runs', id, params] as const,
};

export function useWorkflowList(params: WorkflowListParams) {
  return useQuery({
    queryKey: workflowKeys.list(params),
    queryFn: ({ signal }) => listWorkflows(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One workflow; a failed load is the page's to handle (it goes back to the list). */
export function useWorkflow(id: string) {
  return useQuery({
    queryKey: workflowKeys.detail(id),
    queryFn: ({ signal }) => getWorkflow(id, signal),
    retry: false,
  });
}

export function useWorkflowRuns(id: string, params: WorkflowRunParams) {
  return useQuery({
    queryKey: workflowKeys.runs(id, params),
    queryFn: ({ signal }) => listWorkflowRuns(id, params, signal),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateWorkflows() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workflowKeys.all });
}

/** Publish and unpublish; a refusal's toast (the server's message) comes from the mutation cache. */
export function useChangeWorkflowStatus() {
  const invalidate = useInvalidateWorkflows();
  return useMutation({ mutationFn: changeWorkflowStatus, onSuccess: () => invalidate() });
}

export function useCloneWorkflow() {
  const invalidate = useInvalidateWorkflows();
  return useMutation({ mutationFn: cloneWorkflow, onSuccess: () => invalidate() });
}

export function useDeleteWorkflow() {
  const invalidate = useInvalidateWorkflows();
  return useMutation({ mutationFn: deleteWorkflow, onSuccess: () => invalidate() });
}
