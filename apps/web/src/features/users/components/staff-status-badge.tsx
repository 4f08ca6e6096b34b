import { Badge } from '@/components/ui/badge';
import { USER_STATUS_LABEL } from '@omnicare/shared/users/user-fields';
import { USERS_TEXT } from '../users-text';

/** 'Hoạt động', 'Vô hiệu hóa', or 'Chờ nhận lời mời' while an invitation waits. */
export function StaffStatusBadge({
  active,
  invitePending = false,
}: {
  active: boolean;
  invitePending?: boolean;
}) {
  if (active && invitePending) return <Badge variant="warning">{USERS_TEXT.invitePending}</Badge>;
  return (
    <Badge variant={active ? 'success' : 'secondary'}>
      {USER_STATUS_LABEL[active ? 'active' : 'disabled']}
    </Badge>
  );
}
