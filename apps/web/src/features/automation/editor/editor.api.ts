import type {
  Workflow,
  WorkflowBody,
  WorkflowUpdateBody,
} from '@omnicare/shared/automation/workflow.schemas';
import { apiRequest, apiRequestWithMessage } from '@/lib/http';

/** The editor's calls; folded into automation.api.ts with the list's at merge. */

export const fetchWorkflow = (id: string, signal?: AbortSignal) =>
  apiRequest<Workflow>({ method: 'GET', url: `/v2/workflow/${encodeURIComponent(id)}`, signal });

export const createWorkflow = (body: WorkflowBody) =>
  apiRequestWithMessage<Workflow>({ method: 'POST', url: '/v2/workflow', data: body });

export const updateWorkflow = ({ id, body }: { id: string; body: WorkflowUpdateBody }) =>
  apiRequestWithMessage<Workflow>({
    method: 'PUT',
    url: `/v2/workflow/${encodeURIComponent(id)}`,
    data: body,
  });
