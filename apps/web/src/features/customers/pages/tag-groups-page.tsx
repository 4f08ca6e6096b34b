import { useState } from 'react';
import { Accordion } from 'radix-ui';
import { ChevronDown, Tags } from 'lucide-react';
import type { TagGroup } from '@omnicare/shared/customers/customers.schemas';
import {
  CatalogueListPage,
  type CatalogueLayoutProps,
} from '@/components/catalogue/catalogue-list-page';
import { AreaNav } from '@/components/layout/area-nav';
import { Badge } from '@/components/ui/badge';
import { useCan } from '@/lib/use-can';
import { TagGroupDialog } from '../components/tag-group-dialog';
import { TAG_GROUPS } from '../customers.queries';
import { COMMON_TEXT, DETAIL_TEXT, TAG_GROUP_TEXT } from '../customers-text';

/** /customers/tags: the tag-group accordion with search, add/edit dialog and delete. */
export function TagGroupsPage() {
  return (
    <CatalogueListPage
      catalogue={TAG_GROUPS}
      nav={<AreaNav area="customers" />}
      addLabel={TAG_GROUP_TEXT.add}
      canEdit={useCan('tag_group.manage')}
      dialog={TagGroupDialog}
      deleteHint={(group) => DETAIL_TEXT.leavesCustomers(group.customer_count)}
      search={{
        label: COMMON_TEXT.search,
        placeholder: TAG_GROUP_TEXT.searchPlaceholder,
        param: 'tag_name',
        paged: false,
      }}
      layout={TagGroupAccordion}
    />
  );
}

/** The groups, each opening onto its tags: a search opens every group found, none the first. */
function TagGroupAccordion({ rows: groups, actions, term, busy }: CatalogueLayoutProps<TagGroup>) {
  // Open items per search term, so going back to a search finds them as they were left.
  const [openByTerm, setOpenByTerm] = useState<Record<string, string[]>>({});
  const openItems =
    openByTerm[term] ?? (term ? groups : groups.slice(0, 1)).map((group) => group._id);
  return (
    <Accordion.Root
      type="multiple"
      value={openItems}
      onValueChange={(value) => setOpenByTerm((current) => ({ ...current, [term]: value }))}
      className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200"
      aria-busy={busy}
    >
      {groups.map((group) => (
        <Accordion.Item key={group._id} value={group._id} data-testid="tag-group">
          <Accordion.Header className="flex items-center gap-2 pr-2">
            <Accordion.Trigger className="group flex min-w-0 flex-1 items-center gap-3 px-4 py-3 text-left outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600/50">
              <ChevronDown
                className="size-4 shrink-0 text-slate-400 transition-transform group-data-[state=open]:rotate-180"
                aria-hidden="true"
              />
              <span className="truncate font-medium text-slate-900">{group.name}</span>
              <Badge variant="secondary">{TAG_GROUP_TEXT.tagCount(group.tags.length)}</Badge>
            </Accordion.Trigger>
            {actions(group)}
          </Accordion.Header>
          <Accordion.Content className="px-4 pb-4 pl-11">
            {group.tags.length === 0 ? (
              <p className="text-sm text-slate-500">{TAG_GROUP_TEXT.noTags}</p>
            ) : (
              <ul className="flex flex-wrap gap-2" aria-label={group.name}>
                {group.tags.map((tag) => (
                  <li key={tag._id}>
                    <Badge variant="outline" className="bg-white py-1">
                      <Tags className="size-3 text-teal-700" aria-hidden="true" />
                      {tag.name}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
