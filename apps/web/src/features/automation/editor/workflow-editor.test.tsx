import { describe, expect, it, vi, beforeAll } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { ReactFlowProvider } from '@xyflow/react';
import { workflowView, type Workflow } from '@omnicare/shared/automation/workflow.schemas';
import {
  DISABLED_WORKFLOW_BLOCK_TYPES,
  WORKFLOW_BLOCK_TYPE,
} from '@omnicare/shared/automation/workflow-enums';
import { WORKFLOW_BLOCK_MESSAGES } from '@omnicare/shared/automation/workflow-blocks';
import { WORKFLOW_LOOP_MESSAGES } from '@omnicare/shared/automation/workflow-loops';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/errors';
import { fixture } from '@/test/contract-fixtures';
import { WorkflowEditor } from './pages/workflow-editor-page';

const api = vi.hoisted(() => ({
  getWorkflow: vi.fn(),
  createWorkflow: vi.fn(),
  updateWorkflow: vi.fn(),
}));
vi.mock('../automation.api', () => api);
vi.mock('@/features/fields/fields.queries', () => ({ useActiveFields: () => ({ data: [] }) }));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

beforeAll(() => {
  // What React Flow measures with; jsdom has none of it.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  (globalThis as { DOMMatrixReadOnly?: unknown }).DOMMatrixReadOnly ??= class {
    m22 = 1;
  };
});

const workflow: Workflow = fixture('GET /v2/workflow/:id', workflowView, {
  _id: '6f1c1e52-5a61-4f55-9c1b-111111111111',
  name: 'Chăm sóc ticket mới',
  description: '',
  status: 'draft',
  created_by: { _id: 'u1', name: 'Quản trị' },
  updated_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  workflow_steps: {
    trigger: {
      target: 'tickets',
      event: 'ticket_created',
      title: 'Ticket mới',
      conditions: { logic: 'and', items: [] },
    },
    nodes: [
      { id: 'start', type: 'start', name: 'Bắt đầu', data: {}, position: { x: 0, y: 0 } },
      {
        id: 'hook',
        type: 'webhook',
        name: 'Báo CRM',
        data: {
          method: 'POST',
          url: 'https://crm.example.com/hook',
          headers: {},
          body: '',
          timeout_ms: 10000,
          retries: 3,
        },
        position: { x: 0, y: 150 },
      },
      { id: 'end', type: 'end', name: 'Kết thúc', data: {}, position: { x: 0, y: 300 } },
    ],
    edges: [
      { source: 'start', target: 'hook' },
      { source: 'hook', target: 'end' },
    ],
  },
});

function renderEditor(value: Workflow | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <MemoryRouter>
          <ReactFlowProvider>
            <div style={{ width: 1200, height: 800 }}>
              <WorkflowEditor workflow={value} />
            </div>
          </ReactFlowProvider>
        </MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

describe('workflow editor', () => {
  it('shows the unsupported blocks disabled, with the reason, and adds none of them', async () => {
    const user = userEvent.setup();
    renderEditor(null);
    const before = document.querySelectorAll('[data-block-type]').length;
    for (const type of DISABLED_WORKFLOW_BLOCK_TYPES) {
      const item = screen.getByTestId(`palette-${type}`);
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(item).toHaveTextContent(WORKFLOW_BLOCK_TYPE.label(type));
      expect(item).not.toHaveAttribute('draggable', 'true');
      await user.click(item);
    }
    expect(document.querySelectorAll('[data-block-type]')).toHaveLength(before);
    await user.hover(screen.getByTestId('palette-callbot'));
    expect((await screen.findAllByText('Chưa hỗ trợ')).length).toBeGreaterThan(0);

    // An enabled block is added by a click.
    expect(screen.getByTestId('palette-delay')).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByTestId('palette-delay'));
    await waitFor(() =>
      expect(document.querySelectorAll('[data-block-type="delay"]')).toHaveLength(1),
    );
  });

  it('puts the errors of a refused publish on their block, its field and the banner', async () => {
    const user = userEvent.setup();
    api.updateWorkflow.mockRejectedValueOnce(
      new ApiError({
        message: 'Kịch bản chưa hợp lệ, vui lòng kiểm tra các khối được đánh dấu',
        kind: 'http',
        status: 422,
        fieldErrors: [
          { param: 'nodes.hook.url', message: 'Địa chỉ này không được phép gọi' },
          { param: 'trigger.title', message: 'Tiêu đề sự kiện kích hoạt không được bỏ trống' },
          { param: 'graph', message: 'Kịch bản không được có vòng lặp' },
        ],
      }),
    );
    renderEditor(workflow);
    await user.click(screen.getByRole('button', { name: 'Xuất bản' }));

    await waitFor(() => expect(api.updateWorkflow).toHaveBeenCalledTimes(1));
    expect(api.updateWorkflow.mock.calls[0]![0]).toMatchObject({
      id: workflow._id,
      body: { status: 'active', workflow_steps: { edges: workflow.workflow_steps.edges } },
    });
    const hook = await screen.findByTestId('block-hook');
    await waitFor(() => expect(hook).toHaveAttribute('data-invalid', 'true'));
    // React Flow keeps nodes unmeasured (hidden) in jsdom, so the marker is found by its test id.
    expect(within(hook).getByTestId('block-problem')).toHaveAttribute(
      'aria-label',
      'Lỗi: Địa chỉ này không được phép gọi',
    );
    expect(screen.getByTestId('block-end')).not.toHaveAttribute('data-invalid');
    expect(screen.getByTestId('block-start')).toHaveAttribute('data-invalid', 'true');
    expect(screen.getByTestId('graph-problems')).toHaveTextContent(
      'Kịch bản không được có vòng lặp',
    );

    // The block's panel shows the message on its field.
    // A plain click: d3-drag's mousedown needs a real window view, which jsdom's events lack.
    fireEvent.click(within(hook).getByText('Báo CRM'));
    const panel = await screen.findByTestId('block-panel');
    expect(within(panel).getByRole('textbox', { name: 'URL' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(panel).getByText('Địa chỉ này không được phép gọi')).toBeInTheDocument();
  });

  it('checks the graph before sending a publish, and shows the shared messages on the blocks', async () => {
    const user = userEvent.setup();
    const broken = structuredClone(workflow);
    broken.workflow_steps.nodes[1]!.data = {
      method: 'POST',
      url: 'crm',
      headers: {},
      body: '',
      timeout_ms: 10000,
      retries: 3,
    };
    renderEditor(broken);
    await user.click(screen.getByRole('button', { name: 'Xuất bản' }));
    const hook = await screen.findByTestId('block-hook');
    await waitFor(() => expect(hook).toHaveAttribute('data-invalid', 'true'));
    expect(within(hook).getByTestId('block-problem')).toHaveAttribute(
      'aria-label',
      `Lỗi: ${WORKFLOW_BLOCK_MESSAGES.urlInvalid}`,
    );
    expect(api.updateWorkflow).toHaveBeenCalledTimes(1); // only the earlier test's call
  });
});

describe('a flagged block', () => {
  it('says in its panel what is wrong with it, joins included', async () => {
    const user = userEvent.setup();
    const loose = structuredClone(workflow);
    loose.workflow_steps.nodes.push({
      id: 'wait',
      type: 'delay',
      name: 'Nhắc lại',
      data: { amount: 1, unit: 'hours' },
      position: { x: 400, y: 150 },
    });
    renderEditor(loose);
    await user.click(screen.getByRole('button', { name: 'Xuất bản' }));
    const wait = await screen.findByTestId('block-wait');
    await waitFor(() => expect(wait).toHaveAttribute('data-invalid', 'true'));
    expect(api.updateWorkflow).toHaveBeenCalledTimes(1); // only the first test's call

    fireEvent.click(within(wait).getByText('Nhắc lại'));
    const problems = within(await screen.findByTestId('block-panel')).getByTestId('block-problems');
    expect(problems).toHaveTextContent(WORKFLOW_BLOCK_MESSAGES.unreachable);
    expect(problems).toHaveTextContent(WORKFLOW_BLOCK_MESSAGES.deadEnd);
    expect(problems).toHaveTextContent('Nối khối');

    // A whole block says nothing of the kind.
    fireEvent.click(within(screen.getByTestId('block-hook')).getByText('Báo CRM'));
    await waitFor(() =>
      expect(screen.getByTestId('block-panel')).toHaveAttribute('data-block-id', 'hook'),
    );
    expect(screen.queryByTestId('block-problems')).toBeNull();
  });
});

describe('self-trigger warning', () => {
  it('warns when a workflow on "ticket created" creates tickets, and not otherwise', () => {
    const creating: Workflow = {
      ...workflow,
      workflow_steps: {
        ...workflow.workflow_steps,
        nodes: [
          ...workflow.workflow_steps.nodes.filter((node) => node.id !== 'hook'),
          {
            id: 'more',
            type: 'create_ticket',
            name: 'Tạo ticket con',
            data: { subject: 'Theo dõi {{ticket.code}}' },
            position: { x: 0, y: 150 },
          },
        ],
        edges: [
          { source: 'start', target: 'more' },
          { source: 'more', target: 'end' },
        ],
      },
    };
    const view = renderEditor(creating);
    const warning = screen.getByTestId('self-trigger-warning');
    expect(warning).toBeVisible();
    expect(warning).toHaveTextContent(WORKFLOW_LOOP_MESSAGES.selfTrigger);
    expect(WORKFLOW_LOOP_MESSAGES.selfTrigger).toMatch(
      /^Kịch bản này có thể tự kích hoạt lại chính nó/,
    );
    view.unmount();

    // A webhook on "ticket created" cannot trigger it again.
    renderEditor(workflow);
    expect(screen.queryByTestId('self-trigger-warning')).toBeNull();
  });
});

describe('saving a new workflow', () => {
  it('asks for a name, then creates a draft with the drawn graph', async () => {
    const user = userEvent.setup();
    api.createWorkflow.mockResolvedValueOnce({
      data: fixture('POST /v2/workflow', workflowView, {
        ...workflow,
        _id: '6f1c1e52-5a61-4f55-9c1b-222222222222',
      }),
      message: 'Tạo mới kịch bản thành công',
    });
    renderEditor(null);
    await user.click(screen.getByRole('button', { name: 'Lưu nháp' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tên kịch bản không được bỏ trống');
    expect(api.createWorkflow).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Tên kịch bản' }), 'Nhắc ticket');
    await user.click(screen.getByTestId('palette-delay'));
    await user.click(screen.getByRole('button', { name: 'Lưu nháp' }));
    await waitFor(() => expect(api.createWorkflow).toHaveBeenCalledTimes(1));
    const body = api.createWorkflow.mock.calls[0]![0] as Workflow;
    expect(body).toMatchObject({ name: 'Nhắc ticket', status: 'draft' });
    expect(body.workflow_steps.nodes.map((node) => node.type)).toEqual(['start', 'end', 'delay']);
    expect(body.workflow_steps.nodes[2]!.data).toEqual({ amount: 1, unit: 'hours' });
    // The clicked block sits between start and end, joined both ways, with no id of the editor's own.
    const [start, end, delay] = body.workflow_steps.nodes.map((node) => node.id);
    expect(body.workflow_steps.edges).toEqual([
      { source: start, target: delay },
      { source: delay, target: end },
    ]);
    // The trigger is named after its event until the user names it.
    expect(body.workflow_steps.trigger.title).toBe('Ticket được tạo');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Lưu nháp thành công'));
  });
});
