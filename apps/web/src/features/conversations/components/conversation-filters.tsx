import { useEffect, useState, type ReactNode } from 'react';
import {
  CHAT_SOURCES,
  type ChatSource,
  type ConversationState,
} from '@omnicare/shared/conversations/conversations.schemas';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchInput } from '@/components/ui/search-input';
import { TagPicker } from '@/features/customers/components/customer-pickers';
import { DepartmentPicker } from '@/features/users/components/staff-picker';
import type { ConversationFilters } from '../conversations.api';
import { CHAT_TEXT } from '../conversations-text';
import { channelLabel } from './channel-mark';

const SEARCH_DELAY_MS = 400;

/** Web and chat are both 'Livechat': one line for them (the API filters one source). */
const CHANNEL_OPTIONS = CHAT_SOURCES.filter(
  (source, index) =>
    CHAT_SOURCES.findIndex((other) => channelLabel(other) === channelLabel(source)) === index,
).map((source) => ({ value: source, label: channelLabel(source) }));

/** Search, channel, status, department and tag of the conversation list. */
export function ConversationFiltersBar({
  filters,
  onChange,
  extra,
}: {
  filters: ConversationFilters;
  onChange: (patch: Partial<ConversationFilters>) => void;
  /** Beside the search box (the sound's switch). */
  extra?: ReactNode;
}) {
  const [text, setText] = useState(filters.q ?? '');
  // The address changed from elsewhere (back, a link): the box follows.
  const [given, setGiven] = useState(filters.q ?? '');
  if ((filters.q ?? '') !== given) {
    setGiven(filters.q ?? '');
    setText(filters.q ?? '');
  }
  useEffect(() => {
    if (text.trim() === (filters.q ?? '')) return undefined;
    const timer = setTimeout(() => onChange({ q: text.trim() || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, onChange]);

  return (
    <div className="flex flex-col gap-2 border-b border-slate-200 px-3 py-2">
      <div className="flex items-center gap-1">
        <SearchInput
          size="sm"
          className="min-w-0 flex-1"
          value={text}
          onChange={setText}
          label={CHAT_TEXT.search}
          placeholder={CHAT_TEXT.searchShort}
        />
        {extra}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <NativeSelect
          aria-label={CHAT_TEXT.channel}
          className="h-8 text-[13px]"
          value={filters.source ?? ''}
          onChange={(event) =>
            onChange({ source: (event.target.value || undefined) as ChatSource | undefined })
          }
        >
          <option value="">{CHAT_TEXT.allChannels}</option>
          {CHANNEL_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label={CHAT_TEXT.state}
          className="h-8 text-[13px]"
          value={filters.state}
          onChange={(event) => onChange({ state: event.target.value as ConversationState })}
        >
          <option value="open">{CHAT_TEXT.stateOpen}</option>
          <option value="resolved">{CHAT_TEXT.stateResolved}</option>
        </NativeSelect>
        <DepartmentPicker
          size="sm"
          aria-label={CHAT_TEXT.department}
          value={filters.group_id ?? null}
          emptyLabel={CHAT_TEXT.allDepartments}
          onChange={(value) => onChange({ group_id: value ?? undefined })}
        />
        <TagPicker
          size="sm"
          aria-label={CHAT_TEXT.tag}
          value={filters.tag_id ?? null}
          emptyLabel={CHAT_TEXT.allTags}
          onChange={(value) => onChange({ tag_id: value ?? undefined })}
        />
      </div>
    </div>
  );
}
