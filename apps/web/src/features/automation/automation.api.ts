import type { WorkflowStatus } from '@omnicare/shared/automation/workflow-enums';
import type {
  Workflow,
  WorkflowBody,
  WorkflowRun,
  WorkflowUpdateBody,
} from '@omnicare/shared/automation/workflow.schemas';
import { apiList, apiRequest, apiRequestWithMessage } from '@/lib/http';

export interface WorkflowListParams {
  page: number;
  page_size: number;
  name?: string;
}

export interface WorkflowRunParams {
  page: number;
  page_size: number;
  search?: string;
  status: 'all' | WorkflowRun['status'];
}

const one = (id: string) => `/v2/workflow/${encodeURIComponent(id)}`;

export const listWorkflows = (params: WorkflowListParams, signal?: AbortSignal) =>
  apiList<Workflow>({
    method: 'GET',
    url: '/v2/workflow',
    params: { ...params, name: params.name || undefined },
    signal,
  });

export const getWorkflow = (id: string, signal?: AbortSignal) =>
  apiRequest<Workflow>({ method: 'GET', url: one(id), signal });

export const createWorkflow = (body: WorkflowBody) =>
  apiRequestWithMessage<Workflow>({ method: 'POST', url: '/v2/workflow', data: body });

export const updateWorkflow = ({ id, body }: { id: string; body: WorkflowUpdateBody }) =>
  apiRequestWithMessage<Workflow>({ method: 'PUT', url: one(id), data: body });

export const changeWorkflowStatus = ({ id, status }: { id: string; status: WorkflowStatus }) =>
  apiRequestWithMessage<Workflow>({
    method: 'PUT',
    url: `/v2/workflow/change-status/${encodeURIComponent(id)}`,
    data: { status },
  });

export const cloneWorkflow = (id: string) =>
  apiRequestWithMessage<Workflow>({
    method: 'POST',
    url: `/v2/workflow/clone/${encodeURIComponent(id)}`,
  });

export const deleteWorkflow = (id: string) =>
  apiRequestWithMessage<null>({ method: 'DELETE', url: one(id) });

export const listWorkflowRuns = (id: string, params: WorkflowRunParams, signal?: AbortSignal) =>
  apiList<WorkflowRun>({
    method: 'GET',
    url: `${one(id)}/run-histories`,
    params: { ...params, search: params.search || undefined },
    signal,
  });
