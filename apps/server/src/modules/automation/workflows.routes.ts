import {
  WORKFLOW_MESSAGES,
  workflowBody,
  workflowIdParams,
  workflowListQuery,
  workflowRunQuery,
  workflowRunView,
  workflowStatusBody,
  workflowUpdateBody,
  workflowView,
} from '@omnicare/shared/automation/workflow.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { authOf } from '../../platform/auth.js';
import { answers, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as workflows from './workflows.service.js';

const tags = ['automation'];
/** Every staff role reads; leaders and above change (PERMISSIONS 'automation.manage'). */
const view = { access: 'automation.view' } as const;
const manage = { access: 'automation.manage' } as const;

export const workflowsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);

  r.get(
    '/v2/workflow',
    {
      schema: {
        tags,
        summary: 'Danh sách kịch bản tự động hóa',
        querystring: workflowListQuery,
        response: answers.list(workflowView),
      },
      config: view,
    },
    async (request) => {
      const { data, total } = await workflows.listWorkflows(
        platform,
        authOf(request),
        request.query,
      );
      return list(data, total);
    },
  );

  r.get(
    '/v2/workflow/:id',
    {
      schema: {
        tags,
        summary: 'Chi tiết kịch bản tự động hóa',
        params: workflowIdParams,
        response: answers.ok(workflowView),
      },
      config: view,
    },
    async (request) =>
      ok(await workflows.getWorkflow(platform, authOf(request), request.params.id)),
  );

  r.post(
    '/v2/workflow',
    {
      schema: {
        tags,
        summary: 'Tạo kịch bản tự động hóa',
        body: workflowBody,
        response: answers.created(workflowView),
      },
      config: manage,
    },
    async (request, reply) => {
      const workflow = await workflows.createWorkflow(platform, authOf(request), request.body);
      reply.status(201);
      return created(workflow, WORKFLOW_MESSAGES.created);
    },
  );

  r.put(
    '/v2/workflow/change-status/:id',
    {
      schema: {
        tags,
        summary: 'Bật hoặc tắt kịch bản tự động hóa',
        params: workflowIdParams,
        body: workflowStatusBody,
        response: answers.ok(workflowView),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await workflows.changeWorkflowStatus(
          platform,
          authOf(request),
          request.params.id,
          request.body.status,
        ),
        WORKFLOW_MESSAGES.updated,
      ),
  );

  r.post(
    '/v2/workflow/clone/:id',
    {
      schema: {
        tags,
        summary: 'Sao chép kịch bản tự động hóa',
        params: workflowIdParams,
        response: answers.created(workflowView),
      },
      config: manage,
    },
    async (request, reply) => {
      const copy = await workflows.cloneWorkflow(platform, authOf(request), request.params.id);
      reply.status(201);
      return created(copy, WORKFLOW_MESSAGES.copied);
    },
  );

  r.put(
    '/v2/workflow/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật kịch bản tự động hóa',
        params: workflowIdParams,
        body: workflowUpdateBody,
        response: answers.ok(workflowView),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await workflows.updateWorkflow(platform, authOf(request), request.params.id, request.body),
        WORKFLOW_MESSAGES.updated,
      ),
  );

  r.delete(
    '/v2/workflow/:id',
    {
      schema: {
        tags,
        summary: 'Xóa kịch bản tự động hóa',
        params: workflowIdParams,
        response: answers.ok(noData),
      },
      config: manage,
    },
    async (request) => {
      await workflows.deleteWorkflow(platform, authOf(request), request.params.id);
      return ok(null, WORKFLOW_MESSAGES.deleted);
    },
  );

  r.get(
    '/v2/workflow/:id/run-histories',
    {
      schema: {
        tags,
        summary: 'Lịch sử chạy của kịch bản tự động hóa',
        params: workflowIdParams,
        querystring: workflowRunQuery,
        response: answers.list(workflowRunView),
      },
      config: view,
    },
    async (request) => {
      const { data, total } = await workflows.listRunHistories(
        platform,
        authOf(request),
        request.params.id,
        request.query,
      );
      return list(data, total);
    },
  );
};
