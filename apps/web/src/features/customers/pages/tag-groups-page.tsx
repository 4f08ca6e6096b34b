import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Accordion } from 'radix-ui';
import { ChevronDown, Tags } from 'lucide-react';
import type { TagGroup, TagGroupBody } from '@omnicare/shared/customers/customers.schemas';
import { TAG_GROUP_MESSAGES } from '@omnicare/shared/customers/customers.schemas';
import { AreaNav } from '@/components/layout/area-nav';
import { ListPage } from '@/components/list/list-page';
import { DeleteRowButton } from '@/components/list/delete-row-button';
import { EditRowButton } from '@/components/list/list-table';
import { Badge } from '@/components/ui/badge';
import { deleteConfirmText } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { useListParamsInAddress } from '@/lib/use-list-params';
import { useRecordDialog } from '@/lib/use-record-dialog';
import { TagGroupDialog } from '../components/tag-group-dialog';
import { deleteTagGroup, fetchTagGroups, saveTagGroup } from '../customers.api';
import { useCan } from '@/lib/use-can';
import { customerKeys } from '../customers.queries';
import { COMMON_TEXT, DETAIL_TEXT, TAG_GROUP_TEXT } from '../customers-text';

/** /customers/tags: the tag-group accordion with search, add/edit dialog and delete. */
export function TagGroupsPage() {
  const queryClient = useQueryClient();
  const canManage = useCan('tag_group.manage');
  // The settled search lives in the address: Back returns to the previous one.
  const { search, setSearch, debouncedSearch } = useListParamsInAddress();
  const tagName = debouncedSearch.trim();
  const dialog = useRecordDialog<TagGroup>();
  const query = useQuery({
    queryKey: [...customerKeys.tagGroups, { tagName }],
    queryFn: ({ signal }) => fetchTagGroups(tagName, signal),
    placeholderData: keepPreviousData,
  });
  const groups = query.isError ? [] : (query.data ?? []);
  // Open items per search: a search opens every group it found, no search opens the first.
  const [openBySearch, setOpenBySearch] = useState<Record<string, string[]>>({});
  const openItems =
    openBySearch[tagName] ?? (tagName ? groups : groups.slice(0, 1)).map((group) => group._id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.tagGroups });

  const save = useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TagGroupBody }) => saveTagGroup(id, body),
    onSuccess: (_group, { id }) => {
      toast.success(id ? TAG_GROUP_MESSAGES.updated : TAG_GROUP_MESSAGES.created);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deleteTagGroup,
    onSuccess: () => {
      toast.success(TAG_GROUP_MESSAGES.deleted);
      void refresh();
    },
  });

  return (
    <ListPage
      nav={<AreaNav area="customers" />}
      title="Nhóm tags"
      add={canManage && { label: TAG_GROUP_TEXT.add, onClick: dialog.add }}
      cardClassName="p-4"
      dialogs={
        <TagGroupDialog
          open={dialog.open}
          group={dialog.record ?? undefined}
          onOpenChange={dialog.onOpenChange}
          onSubmit={(id, body) => save.mutateAsync({ id, body })}
        />
      }
    >
      <SearchInput
        className="max-w-sm"
        label={COMMON_TEXT.search}
        placeholder={TAG_GROUP_TEXT.searchPlaceholder}
        value={search}
        onChange={setSearch}
      />
      {query.isPending && (
        <div className="flex flex-col gap-2">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-12 w-full" />
          ))}
        </div>
      )}
      {!query.isPending && groups.length === 0 && <EmptyState />}
      {groups.length > 0 && (
        <Accordion.Root
          type="multiple"
          value={openItems}
          onValueChange={(value) =>
            setOpenBySearch((current) => ({ ...current, [tagName]: value }))
          }
          className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200"
          aria-busy={query.isFetching}
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
                {canManage && (
                  <>
                    <EditRowButton
                      label={`${COMMON_TEXT.edit} ${group.name}`}
                      onClick={() => dialog.edit(group)}
                    />
                    <DeleteRowButton
                      label={`${COMMON_TEXT.delete} ${group.name}`}
                      title={deleteConfirmText(group.name)}
                      description={DETAIL_TEXT.leavesCustomers(group.customer_count)}
                      onConfirm={() => remove.mutateAsync(group._id).catch(() => undefined)}
                    />
                  </>
                )}
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
      )}
    </ListPage>
  );
}
