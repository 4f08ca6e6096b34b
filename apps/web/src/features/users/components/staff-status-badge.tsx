import { Badge } from '@/components/ui/badge';
import { USER_STATUS_LABEL } from '../users-text';

/** 'Hoạt động' or 'Vô hiệu hóa'. */
export function StaffStatusBadge({ active }: { active: boolean }) {
  return (
    <Badge variant={active ? 'success' : 'secondary'}>
      {USER_STATUS_LABEL[active ? 'active' : 'disabled']}
    </Badge>
  );
}
