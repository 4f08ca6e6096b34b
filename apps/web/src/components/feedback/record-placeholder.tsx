import { useState } from 'react';
import { useLocation } from 'react-router';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/input';
import { matchRecordPath } from '@/app/route-table';
import {
  readTabDraft,
  recordTabKey,
  recordTabTitle,
  saveTabDraft,
} from '@/stores/record-tabs-store';
import { PlaceholderPage } from './placeholder-page';

function DraftComment({ tabKey }: { tabKey: string }) {
  const [comment, setComment] = useState(() => readTabDraft(tabKey).comment ?? '');
  const id = `draft-comment-${tabKey}`;
  return (
    <div className="mt-2 flex w-full max-w-lg flex-col gap-2 text-left">
      <Label htmlFor={id}>Bình luận nháp</Label>
      <Textarea
        id={id}
        value={comment}
        placeholder="Nội dung nháp được giữ riêng cho tab này cho đến khi đóng tab"
        onChange={(event) => {
          setComment(event.target.value);
          saveTabDraft(tabKey, 'comment', event.target.value);
        }}
      />
    </div>
  );
}

/** A record screen (ticket, customer, organization) before its issue lands: title + tab draft. */
export function RecordPlaceholder({ area }: { area?: string }) {
  const { pathname } = useLocation();
  const record = matchRecordPath(pathname);
  if (!record) return <PlaceholderPage area={area} />;
  const tabKey = recordTabKey(record.kind, record.id);
  return (
    <PlaceholderPage title={recordTabTitle(record.kind, record.id)} area={area}>
      <DraftComment key={tabKey} tabKey={tabKey} />
    </PlaceholderPage>
  );
}
