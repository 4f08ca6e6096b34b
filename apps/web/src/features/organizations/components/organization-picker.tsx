import type { ComboOption } from '@/components/ui/use-combobox-source';
import { SearchCombobox } from '@/components/ui/search-combobox';
import { flattenTree } from '../organization-tree';
import type { FlatOrganization } from '../organization-tree';
import { useOrganizationTree } from '../organizations.queries';

const NONE = '__none__';

export const organizationOptions = (entries: readonly FlatOrganization[]): ComboOption[] =>
  entries.map(({ node, depth, path }) => ({
    value: node._id,
    label: node.name,
    // While searching the tree is flat: the parents say where a match sits.
    hint: path.length > 1 ? path.slice(0, -1).join(' / ') : undefined,
    depth,
  }));

export interface OrganizationPickerProps {
  id?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** An explicit 'no organization' choice ('Không thuộc tổ chức', 'Gốc'...), meaning null. */
  noneLabel?: string;
  /** Shown while nothing is chosen, when there is no explicit 'none' choice. */
  placeholder?: string;
  /** Nothing chosen shown like a value ('Tất cả tổ chức' in a filter). */
  emptyLabel?: string;
  /** Offer only these (e.g. the allowed move targets); default: the whole tree. */
  choices?: readonly FlatOrganization[];
  /** Whether a chosen organization may be cleared back to null (default true). */
  clearable?: boolean;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  size?: 'sm' | 'default';
  className?: string;
  'aria-label'?: string;
}

/**
 * One organization of the tree (GET /v2/organizes answers the whole tree, so it is searched
 * here, without diacritics; parents are shown beside matches).
 */
export function OrganizationPicker({
  value,
  onChange,
  noneLabel,
  placeholder,
  choices,
  clearable = true,
  ...rest
}: OrganizationPickerProps) {
  const tree = useOrganizationTree();
  const options = organizationOptions(choices ?? flattenTree(tree.data ?? []));
  // Labels of the chosen value even when it is not among the offered choices.
  const known = choices ? organizationOptions(flattenTree(tree.data ?? [])) : undefined;
  return (
    <SearchCombobox
      {...rest}
      options={options}
      loading={tree.isPending}
      knownOptions={known}
      extraOptions={noneLabel ? [{ value: NONE, label: noneLabel }] : undefined}
      value={value ?? (noneLabel ? NONE : null)}
      onChange={(next) => onChange(next === NONE ? null : next)}
      clearable={clearable && value !== null}
      placeholder={placeholder ?? noneLabel}
      searchPlaceholder="Tìm tổ chức"
    />
  );
}
