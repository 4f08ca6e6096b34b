import { useShellNavigation } from '@/components/layout/shell-navigation';
import { Link } from 'react-router';
import { ChevronRight, FolderInput, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  organizationAttachments,
  type OrganizationNode,
} from '@omnicare/shared/organizations/organizations.schemas';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, deleteConfirmText } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { ORGANIZATION_TEXT } from '../organizations-text';

export interface TreeActions {
  onAddChild: (node: OrganizationNode) => void;
  onRename: (node: OrganizationNode) => void;
  onMove: (node: OrganizationNode) => void;
  onDelete: (node: OrganizationNode) => Promise<unknown>;
}

const sortByName = (nodes: readonly OrganizationNode[]) =>
  [...nodes].sort((a, b) => a.name.localeCompare(b.name, 'vi'));

/** The organization tree (ARIA tree), each branch collapsible, with row actions. */
export function OrganizationTreeView({
  nodes,
  collapsed,
  onToggle,
  actions,
}: {
  nodes: readonly OrganizationNode[];
  collapsed: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Absent: read-only. */
  actions?: TreeActions;
}) {
  return (
    <ul role="tree" aria-label="Cây tổ chức" className="flex flex-col py-1">
      {sortByName(nodes).map((node) => (
        <TreeNode
          key={node._id}
          node={node}
          depth={0}
          collapsed={collapsed}
          onToggle={onToggle}
          actions={actions}
        />
      ))}
    </ul>
  );
}

function TreeNode({
  node,
  depth,
  collapsed,
  onToggle,
  actions,
}: {
  node: OrganizationNode;
  depth: number;
  collapsed: ReadonlySet<string>;
  onToggle: (id: string) => void;
  actions?: TreeActions;
}) {
  const { recordPath } = useShellNavigation();
  const children = node.children ?? [];
  const hasChildren = children.length > 0;
  const open = hasChildren && !collapsed.has(node._id);
  return (
    <li
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={hasChildren ? open : undefined}
      aria-label={node.name}
      className="flex flex-col"
    >
      <div
        className="group flex min-h-10 items-center gap-1 rounded-md pr-1 hover:bg-slate-50"
        style={{ paddingLeft: depth * 22 + 4 }}
      >
        <button
          type="button"
          onClick={() => hasChildren && onToggle(node._id)}
          aria-label={open ? `Thu gọn ${node.name}` : `Mở rộng ${node.name}`}
          tabIndex={hasChildren ? 0 : -1}
          aria-hidden={hasChildren ? undefined : true}
          className={cn(
            'flex size-6 shrink-0 items-center justify-center rounded text-slate-500 outline-none hover:bg-slate-200/70 focus-visible:ring-2 focus-visible:ring-teal-600/50',
            !hasChildren && 'invisible',
          )}
        >
          <ChevronRight className={cn('size-4 transition-transform', open && 'rotate-90')} />
        </button>
        <Link
          to={recordPath('organization', node.number)}
          className="min-w-0 truncate rounded text-sm font-medium text-slate-800 outline-none hover:text-teal-800 hover:underline focus-visible:ring-2 focus-visible:ring-teal-600/50"
        >
          {node.name}
        </Link>
        <span className="ml-1 shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
          {ORGANIZATION_TEXT.staffCount(node.user_count ?? 0)}
        </span>
        {actions && (
          <div className="ml-auto flex shrink-0 items-center gap-0.5 opacity-70 group-focus-within:opacity-100 group-hover:opacity-100">
            <Tooltip content={ORGANIZATION_TEXT.addChild}>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`${ORGANIZATION_TEXT.addChild} ${node.name}`}
                onClick={() => actions.onAddChild(node)}
              >
                <Plus />
              </Button>
            </Tooltip>
            <Tooltip content={ORGANIZATION_TEXT.rename}>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`${ORGANIZATION_TEXT.rename} ${node.name}`}
                onClick={() => actions.onRename(node)}
              >
                <Pencil />
              </Button>
            </Tooltip>
            <Tooltip content={ORGANIZATION_TEXT.move}>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`${ORGANIZATION_TEXT.move} ${node.name}`}
                onClick={() => actions.onMove(node)}
              >
                <FolderInput />
              </Button>
            </Tooltip>
            {deleteBlockers(node) ? (
              <DeleteBlockedDialog node={node} />
            ) : (
              <ConfirmDialog
                tooltip
                trigger={deleteButton(node)}
                title={ORGANIZATION_TEXT.removeTitle}
                description={deleteConfirmText(node.name)}
                onConfirm={() => actions.onDelete(node)}
              />
            )}
          </div>
        )}
      </div>
      {open && (
        <ul role="group" className="flex flex-col">
          {sortByName(children).map((child) => (
            <TreeNode
              key={child._id}
              node={child}
              depth={depth + 1}
              collapsed={collapsed}
              onToggle={onToggle}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

const deleteButton = (node: OrganizationNode) => (
  <Button
    variant="ghost"
    size="icon-sm"
    aria-label={`${ORGANIZATION_TEXT.remove} ${node.name}`}
    className="text-red-600 hover:text-red-700"
  >
    <Trash2 />
  </Button>
);

/**
 * Why an organization cannot be deleted (children, staff, departments, customers), or null when
 * nothing in the tree says so; the server refuses with the same words.
 */
const deleteBlockers = (node: OrganizationNode): string | null =>
  organizationAttachments({
    children: node.children.length,
    users: node.user_count,
    departments: node.department_count,
    customers: node.customer_count,
  });

/** Said before any confirmation: what keeps the organization, and what to do first. */
function DeleteBlockedDialog({ node }: { node: OrganizationNode }) {
  return (
    <Dialog>
      <Tooltip content={ORGANIZATION_TEXT.remove}>
        <DialogTrigger asChild>{deleteButton(node)}</DialogTrigger>
      </Tooltip>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{ORGANIZATION_TEXT.cannotRemoveTitle}</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            {ORGANIZATION_TEXT.cannotRemove(node.name, deleteBlockers(node) ?? '')}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{ORGANIZATION_TEXT.understood}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
