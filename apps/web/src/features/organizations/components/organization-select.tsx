import type { OrganizationNode } from '@omnicare/shared/organizations/organizations.schemas';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { flattenTree } from '../organization-tree';
import type { FlatOrganization } from '../organization-tree';
import { useOrganizationTree } from '../organizations.queries';

const NONE = '__none__';

export interface OrganizationSelectProps {
  id?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The label of the empty choice ('Không thuộc tổ chức', 'Tất cả tổ chức', 'Gốc'...). */
  noneLabel: string;
  /** Offer only these (e.g. the allowed move targets); default: the whole tree. */
  choices?: readonly FlatOrganization[];
  /** Hide the empty choice. */
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  size?: 'sm' | 'default';
  className?: string;
  'aria-label'?: string;
}

/** The organization tree as one indented list. */
export function OrganizationSelect({
  id,
  value,
  onChange,
  noneLabel,
  choices,
  required = false,
  invalid,
  describedBy,
  disabled,
  size,
  className,
  'aria-label': ariaLabel,
}: OrganizationSelectProps) {
  const tree = useOrganizationTree();
  const entries = choices ?? flattenTree(tree.data ?? ([] as OrganizationNode[]));
  const selected = value
    ? flattenTree(tree.data ?? []).find((entry) => entry.node._id === value)
    : null;
  return (
    <Select
      value={value ?? NONE}
      onValueChange={(next) => onChange(next === NONE ? null : next)}
      disabled={disabled}
    >
      <SelectTrigger
        id={id}
        size={size}
        className={className}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      >
        <SelectValue placeholder={noneLabel}>
          {selected ? selected.node.name : noneLabel}
        </SelectValue>
      </SelectTrigger>
      <SelectContent>
        {!required && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
        {entries.map(({ node, depth }) => (
          <SelectItem key={node._id} value={node._id}>
            <span style={{ paddingLeft: depth * 14 }} className="inline-block">
              {depth > 0 && <span className="mr-1 text-slate-300">└</span>}
              {node.name}
            </span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
