import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { Bell, CheckCheck } from 'lucide-react';
import type { NotificationItem } from '@omnicare/shared/notifications/notifications.schemas';
import { formatRelative } from '@omnicare/shared/platform/time';
import { isAppPath } from '@omnicare/shared/platform/validation';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '@/features/notifications/notifications.api';
import { cn } from '@/lib/cn';
import { unreadBadge } from '@/lib/title';
import { useNotificationsStore } from '@/stores/notifications-store';
import { useCurrentUser } from '@/stores/session-store';

function NotificationRow({
  item,
  onOpen,
}: {
  item: NotificationItem;
  onOpen: (item: NotificationItem) => void;
}) {
  const unread = !item.read_at;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(item)}
        className={cn(
          'flex w-full gap-3 px-4 py-3 text-left outline-none hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600/40 focus-visible:ring-inset',
          unread && 'bg-teal-50/40',
        )}
      >
        <span
          className={cn(
            'mt-1.5 size-2 shrink-0 rounded-full',
            unread ? 'bg-teal-600' : 'bg-transparent',
          )}
          aria-hidden="true"
        />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span
            className={cn(
              'truncate text-sm',
              unread ? 'font-semibold text-slate-900' : 'text-slate-700',
            )}
          >
            {item.title}
            {unread && <span className="sr-only"> (chưa đọc)</span>}
          </span>
          {item.body && (
            <span className="line-clamp-2 text-[13px] text-slate-500">{item.body}</span>
          )}
          <span className="text-xs text-slate-400">{formatRelative(item.created_at)}</span>
        </span>
      </button>
    </li>
  );
}

/** The bell: unread count (live), the latest notifications, mark one or all as read. */
export function NotificationBell() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const unreadCount = useNotificationsStore((state) => state.unreadCount);
  const notifications = useNotificationsStore((state) => state.notifications);
  const newAt = useNotificationsStore((state) => state.newNotificationAt);
  const { setNotifications, setLoading, markRead, markAllRead } = useNotificationsStore.getState();

  const list = useQuery({
    queryKey: ['notifications', 'list', user?.token ?? ''],
    queryFn: () => listNotifications(),
    enabled: open && Boolean(user?.token),
    staleTime: 0,
  });
  useEffect(() => setLoading(list.isFetching), [list.isFetching, setLoading]);
  useEffect(() => {
    if (list.data) setNotifications(list.data.data);
  }, [list.data, setNotifications]);

  const readOne = useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => markRead(id),
  });
  const readAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => markAllRead(),
  });

  function openItem(item: NotificationItem) {
    if (!item.read_at) readOne.mutate(item._id);
    if (item.link && isAppPath(item.link)) {
      setOpen(false);
      void navigate(item.link);
    }
  }

  const label = unreadCount > 0 ? `Thông báo, ${unreadCount} chưa đọc` : 'Thông báo';
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative">
          {/* Re-mounted for each new notification, so the one-shot ring plays again. */}
          <Bell
            key={newAt ?? 0}
            className={cn('size-[18px]', newAt && 'animate-[bell-ring_0.9s_ease-in-out_1]')}
          />
          {unreadCount > 0 && (
            <span
              data-testid="bell-count"
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white"
            >
              {unreadBadge(unreadCount)}
            </span>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label="Danh sách thông báo"
          className="z-50 flex max-h-[70vh] w-[380px] max-w-[calc(100vw-1rem)] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Thông báo</h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={unreadCount === 0 || readAll.isPending}
              onClick={() => readAll.mutate()}
            >
              <CheckCheck aria-hidden="true" />
              Đánh dấu tất cả đã đọc
            </Button>
          </div>
          <div className="flex-1 overflow-y-auto">
            {list.isPending && notifications.length === 0 ? (
              <div className="flex flex-col gap-3 p-4">
                {Array.from({ length: 3 }, (_, index) => (
                  <Skeleton key={index} className="h-12" />
                ))}
              </div>
            ) : notifications.length === 0 ? (
              <EmptyState />
            ) : (
              <ul className="divide-y divide-slate-100">
                {notifications.map((item) => (
                  <NotificationRow key={item._id} item={item} onOpen={openItem} />
                ))}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
