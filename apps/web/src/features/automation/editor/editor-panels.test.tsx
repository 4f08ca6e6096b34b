import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WorkflowTrigger } from '@omnicare/shared/automation/workflow-blocks';
import type { WorkflowConditions } from '@omnicare/shared/automation/workflow-conditions';
import { TooltipProvider } from '@/components/ui/tooltip';
import { TriggerPanel } from './components/trigger-panel';
import { ConditionsEditor } from './components/conditions-editor';
import { initialEditorState, starterSteps } from './editor-store';

vi.mock('@/features/fields/fields.queries', () => ({ useActiveFields: () => ({ data: [] }) }));

function wrap(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TooltipProvider>{ui}</TooltipProvider>
    </QueryClientProvider>,
  );
}

function TriggerHarness({ onChange }: { onChange?: (trigger: WorkflowTrigger) => void }) {
  const [trigger, setTrigger] = useState(
    initialEditorState(starterSteps(() => crypto.randomUUID())).trigger,
  );
  return (
    <TriggerPanel
      trigger={trigger}
      onChange={(next) => {
        setTrigger(next);
        onChange?.(next);
      }}
    />
  );
}

function ConditionsHarness({
  start,
  onChange,
}: {
  start: WorkflowConditions;
  onChange?: (value: WorkflowConditions) => void;
}) {
  const [value, setValue] = useState(start);
  return (
    <ConditionsEditor
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('trigger panel', () => {
  it('names a new trigger after its event, following the event until the user names it', async () => {
    const user = userEvent.setup();
    wrap(<TriggerHarness />);
    const title = screen.getByRole('textbox', { name: 'Tiêu đề sự kiện' });
    expect(title).toHaveValue('Ticket được tạo');

    const event = screen.getByRole('combobox', { name: 'Sự kiện' });
    await user.selectOptions(event, 'Ticket được cập nhật');
    expect(title).toHaveValue('Ticket được cập nhật');

    await user.clear(title);
    await user.type(title, 'Ticket VIP đổi trạng thái');
    await user.selectOptions(event, 'Ticket được tạo');
    expect(title).toHaveValue('Ticket VIP đổi trạng thái');
  });
});

describe('conditions editor', () => {
  it('says what the text operators do, with a hint for the chosen one', async () => {
    const user = userEvent.setup();
    wrap(
      <ConditionsHarness
        start={{
          logic: 'and',
          items: [{ field: 'ticket.subject', operator: 'some', value: ['hoàn tiền'] }],
        }}
      />,
    );
    const operator = screen.getByRole('combobox', { name: 'Toán tử 1' });
    const labels = within(operator)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(labels).toEqual(
      expect.arrayContaining(['Bằng', 'Khác', 'Chứa', 'Không chứa', 'Có giá trị']),
    );
    expect(labels).not.toContain('Chứa một trong');
    expect(operator).toHaveDisplayValue('Chứa');
    expect(screen.getByTestId('condition-0-hint')).toHaveTextContent(
      'Đúng khi nội dung chứa ít nhất một trong các từ đã nhập',
    );
    await user.selectOptions(operator, 'Không chứa');
    expect(screen.getByTestId('condition-0-hint')).toHaveTextContent(
      'Đúng khi nội dung không chứa từ nào',
    );
  });

  it("reads 'Là một trong' on a choice field", () => {
    wrap(
      <ConditionsHarness
        start={{
          logic: 'and',
          items: [{ field: 'ticket.status', operator: 'some', value: ['open'] }],
        }}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Toán tử 1' })).toHaveDisplayValue('Là một trong');
    expect(screen.getByTestId('condition-0-hint')).toHaveTextContent(
      'Đúng khi giá trị là một trong các lựa chọn đã chọn.',
    );
  });

  it('shows the and/or choice from the first condition and says what it means', async () => {
    const user = userEvent.setup();
    const changes = vi.fn();
    wrap(
      <ConditionsHarness
        start={{
          logic: 'and',
          items: [{ field: 'ticket.subject', operator: 'eq', value: 'Đổi hàng' }],
        }}
        onChange={changes}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Kết hợp điều kiện' });
    expect(group).toBeVisible();
    expect(within(group).getByRole('radio', { name: 'Tất cả (Và)' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByTestId('conditions-logic-hint')).toHaveTextContent(
      'mọi điều kiện dưới đây đều đúng',
    );
    await user.click(within(group).getByRole('radio', { name: 'Bất kỳ (Hoặc)' }));
    expect(changes).toHaveBeenLastCalledWith(expect.objectContaining({ logic: 'or' }));
    expect(screen.getByTestId('conditions-logic-hint')).toHaveTextContent(
      'ít nhất một điều kiện dưới đây đúng',
    );
  });

  it('shows no and/or choice before there is a condition', () => {
    wrap(<ConditionsHarness start={{ logic: 'and', items: [] }} />);
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});
