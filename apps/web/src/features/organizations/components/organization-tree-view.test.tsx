import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  organizationNodeView,
  type OrganizationNode,
} from '@omnicare/shared/organizations/organizations.schemas';
import { fixture } from '@/test/contract-fixtures';
import { TooltipProvider } from '@/components/ui/tooltip';
import { TestShell } from '@/test/shell-navigation';
import { OrganizationTreeView } from './organization-tree-view';

const branch = (counts: Partial<OrganizationNode>): OrganizationNode =>
  fixture('GET /v2/organizes', organizationNodeView, {
    _id: 'b1',
    number: 7,
    name: 'Chi nhánh Đà Nẵng',
    parent_id: null,
    user_count: 0,
    department_count: 0,
    customer_count: 0,
    children: [],
    ...counts,
  });

function renderTree(node: OrganizationNode) {
  const onDelete = vi.fn(() => Promise.resolve());
  render(
    <TestShell>
      <MemoryRouter>
        <TooltipProvider>
          <OrganizationTreeView
            nodes={[node]}
            collapsed={new Set()}
            onToggle={() => {}}
            actions={{ onAddChild: () => {}, onRename: () => {}, onMove: () => {}, onDelete }}
          />
        </TooltipProvider>
      </MemoryRouter>
    </TestShell>,
  );
  return onDelete;
}

describe('deleting an organization', () => {
  it('says which departments and customers still belong to it before asking to confirm', async () => {
    const onDelete = renderTree(branch({ department_count: 1, customer_count: 2 }));
    await userEvent.click(screen.getByRole('button', { name: 'Xóa Chi nhánh Đà Nẵng' }));
    const blocked = screen.getByRole('dialog');
    expect(within(blocked).getByRole('heading', { name: 'Chưa thể xóa tổ chức' })).toBeVisible();
    expect(blocked).toHaveTextContent('“Chi nhánh Đà Nẵng” còn 1 phòng ban và 2 khách hàng.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('asks to confirm when nothing belongs to it', async () => {
    renderTree(branch({}));
    await userEvent.click(screen.getByRole('button', { name: 'Xóa Chi nhánh Đà Nẵng' }));
    expect(screen.getByRole('alertdialog')).toBeVisible();
  });
});
