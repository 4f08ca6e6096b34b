import { useState } from 'react';
import { ChevronsDownUp, ChevronsUpDown, Plus } from 'lucide-react';
import { useCan } from '@/lib/use-can';
import type { OrganizationNode } from '@omnicare/shared/organizations/organizations.schemas';
import { PageHeader } from '@/components/layout/page-header';
import { usePageHandle } from '@/lib/route-declaration';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { toast } from '@/lib/toast';
import { OrganizationMoveDialog, OrganizationNameDialog } from '../components/organization-dialogs';
import type { NameDialogState } from '../components/organization-dialogs';
import { OrganizationTreeView } from '../components/organization-tree-view';
import { branchIds } from '../organization-tree';
import { useDeleteOrganization, useOrganizationTree } from '../organizations.queries';
import { ORGANIZATION_TEXT } from '../organizations-text';

/** /settings/users/organizations: the organization tree and its edits. */
export function OrganizationsPage() {
  const { title } = usePageHandle();
  const canEdit = useCan('organization.manage');
  const tree = useOrganizationTree();
  const nodes = tree.data ?? [];
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [naming, setNaming] = useState<NameDialogState | null>(null);
  const [moving, setMoving] = useState<OrganizationNode | null>(null);
  const remove = useDeleteOrganization();

  const toggle = (id: string) => {
    const next = new Set(collapsed);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setCollapsed(next);
  };

  return (
    <div className="flex flex-col gap-4">
      <SettingsGroupNav group="users" />
      <PageHeader
        title={title}
        actions={
          canEdit && (
            <Button onClick={() => setNaming({ mode: 'create', parent: null })}>
              <Plus aria-hidden="true" />
              {ORGANIZATION_TEXT.addRoot}
            </Button>
          )
        }
      />
      <Card className="flex flex-col gap-2 p-3 sm:p-4">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 pb-2">
          <p className="text-sm text-slate-500">
            Đơn vị tổ chức của tenant (công ty, chi nhánh...). Mỗi nhân viên và khách hàng thuộc tối
            đa một tổ chức.
          </p>
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" onClick={() => setCollapsed(new Set())}>
              <ChevronsUpDown aria-hidden="true" />
              {ORGANIZATION_TEXT.expandAll}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setCollapsed(new Set(branchIds(nodes)))}
            >
              <ChevronsDownUp aria-hidden="true" />
              {ORGANIZATION_TEXT.collapseAll}
            </Button>
          </div>
        </div>
        {tree.isPending ? (
          <div className="flex flex-col gap-2 py-2">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-8" style={{ marginLeft: (index % 3) * 22 }} />
            ))}
          </div>
        ) : nodes.length === 0 ? (
          <EmptyState />
        ) : (
          <OrganizationTreeView
            nodes={nodes}
            collapsed={collapsed}
            onToggle={toggle}
            actions={
              canEdit
                ? {
                    onAddChild: (node) => setNaming({ mode: 'create', parent: node }),
                    onRename: (node) => setNaming({ mode: 'rename', node }),
                    onMove: setMoving,
                    // A refusal (children, staff, departments) is the server's error toast.
                    onDelete: (node) =>
                      remove
                        .mutateAsync(node._id)
                        .then((result) => toast.success(result.message))
                        .catch(() => undefined),
                  }
                : undefined
            }
          />
        )}
      </Card>
      <OrganizationNameDialog state={naming} onClose={() => setNaming(null)} />
      <OrganizationMoveDialog tree={nodes} node={moving} onClose={() => setMoving(null)} />
    </div>
  );
}
