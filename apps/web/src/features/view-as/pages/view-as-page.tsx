import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Eye, Loader2, Search } from 'lucide-react';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { ROLE, STAFF_ROLES } from '@omnicare/shared/users/roles';
import { MIN_USER_SEARCH_LENGTH } from '@omnicare/shared/platform/constants';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useDebouncedValue } from '@/lib/use-list-params';
import { useSessionStore } from '@/stores/session-store';
import { fetchStaffPage } from '../../users/users.api';
import { useExitViewAs, useStartViewAs } from '../use-view-as';

const ALL_ROLES = 'all';
/** Up to this many staff are listed before anything is typed. */
const LIST_WITHOUT_TYPING = 50;

/** /view-as-mode: an administrator with the admin flag picks a staff user to view the app as. */
export function ViewAsPage() {
  const searchId = useId();
  const roleId = useId();
  const [keyword, setKeyword] = useState('');
  const [role, setRole] = useState<StaffRole | typeof ALL_ROLES>(ALL_ROLES);
  const debounced = useDebouncedValue(keyword);
  const roles = role === ALL_ROLES ? STAFF_ROLES : [role];
  const tooShort = debounced.trim().length < MIN_USER_SEARCH_LENGTH;
  const me = useSessionStore((state) => state.user);
  const viewAsUser = useSessionStore((state) => state.viewAsUser);
  const start = useStartViewAs();
  const exit = useExitViewAs();

  // Without a keyword the first page is asked for: a small team is listed without typing.
  const users = useQuery({
    queryKey: ['view-as', 'users', tooShort ? '' : debounced.trim(), role],
    queryFn: ({ signal }) =>
      fetchStaffPage(
        {
          keyword: tooShort ? undefined : debounced,
          roles,
          page: 1,
          page_size: LIST_WITHOUT_TYPING,
        },
        signal,
      ),
  });
  const mustType = tooShort && (users.data?.total ?? 0) > LIST_WITHOUT_TYPING;
  const list = (users.data?.list ?? []).filter((user) => user._id !== me?._id);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Xem với tư cách" />
      <p className="max-w-2xl text-sm text-slate-600">
        Chọn một nhân viên để xem hệ thống đúng như họ thấy (vai trò và quyền của họ). Mọi lượt xem
        đều được ghi lại; bạn có thể thoát bất cứ lúc nào từ thanh thông báo phía trên.
      </p>
      {viewAsUser && (
        <Card className="flex flex-wrap items-center justify-between gap-3 border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <span>
            Đang xem với tư cách <strong>{viewAsUser.name}</strong> ({ROLE.label(viewAsUser.role)})
          </span>
          <Button variant="outline" size="sm" onClick={exit}>
            Thoát chế độ xem
          </Button>
        </Card>
      )}
      <Card className="flex flex-col gap-4 p-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-64 flex-1 flex-col gap-1.5">
            <Label htmlFor={searchId}>Tìm nhân viên</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
              <Input
                id={searchId}
                type="search"
                className="pl-9"
                placeholder="Tên hoặc email, ít nhất 2 ký tự"
                value={keyword}
                onChange={(event) => setKeyword(event.target.value)}
              />
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={roleId}>Vai trò</Label>
            <select
              id={roleId}
              value={role}
              onChange={(event) => setRole(event.target.value as StaffRole | typeof ALL_ROLES)}
              className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm shadow-xs outline-none focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600/25"
            >
              <option value={ALL_ROLES}>Tất cả vai trò</option>
              {STAFF_ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE.label(value)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {mustType ? (
          <p className="py-6 text-center text-sm text-slate-500">
            Nhập ít nhất {MIN_USER_SEARCH_LENGTH} ký tự để tìm nhân viên.
          </p>
        ) : users.isPending ? (
          <div className="flex flex-col gap-2">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-9" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <EmptyState />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Họ tên</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Vai trò</TableHead>
                <TableHead className="text-right">Thao tác</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((user) => (
                <TableRow key={user._id} className={user.active ? undefined : 'text-slate-400'}>
                  <TableCell className="font-medium text-slate-900">
                    {user.name}
                    {!user.active && (
                      <Badge variant="secondary" className="ml-2">
                        Vô hiệu hóa
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>
                    <Badge variant="secondary">{ROLE.label(user.role)}</Badge>
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      size="sm"
                      variant="outline"
                      // A disabled account cannot be viewed as (the server refuses it too).
                      disabled={start.isPending || !user.active}
                      onClick={() => start.mutate(user._id)}
                      aria-label={`Xem với tư cách ${user.name}`}
                    >
                      {start.isPending && start.variables === user._id ? (
                        <Loader2 className="animate-spin" aria-hidden="true" />
                      ) : (
                        <Eye aria-hidden="true" />
                      )}
                      Xem với tư cách
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
