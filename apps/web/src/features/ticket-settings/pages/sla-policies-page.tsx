import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { SlaPolicy } from '@omnicare/shared/sla/sla.schemas';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/use-can';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useResourceList } from '../ticket-settings.queries';
import { CatalogueListPage, NameCell } from '@/components/catalogue/catalogue-list-page';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { reorderSlaPolicies, TICKET_SETTINGS } from '../ticket-settings.api';
import { SlaPolicyDialog } from '../components/sla-policy-dialog';
import { TICKET_SETTINGS_TEXT as TEXT } from '../ticket-settings-text';

const duration = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} giờ` : `${minutes} phút`;

export const SLA_ORDER_TEXT = {
  up: (name: string) => `Đưa "${name}" lên trước`,
  down: (name: string) => `Đưa "${name}" xuống sau`,
} as const;

/**
 * A policy's place in the order of trial (1 is tried first) and, for those who may change it,
 * the arrows moving it one place; the whole order is saved at once.
 */
function useSlaOrder(canEdit: boolean) {
  const queryClient = useQueryClient();
  const policies = useResourceList('slaPolicies');
  const rows: SlaPolicy[] = policies.data?.data ?? [];
  const move = useMutation({
    meta: { silent: true },
    mutationFn: reorderSlaPolicies,
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: TICKET_SETTINGS.slaPolicies.key });
      toast.success(message);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const moveBy = (index: number, step: -1 | 1) => {
    const ids = rows.map((row) => row._id);
    const [moved] = ids.splice(index, 1);
    if (moved) ids.splice(index + step, 0, moved);
    move.mutate(ids);
  };
  return (row: SlaPolicy) => {
    const index = rows.findIndex((item) => item._id === row._id);
    return (
      <div className="flex items-center gap-1">
        <span className="w-6 text-center font-medium tabular-nums" data-testid="sla-order">
          {index + 1}
        </span>
        {canEdit && (
          <>
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={SLA_ORDER_TEXT.up(row.name)}
              title={SLA_ORDER_TEXT.up(row.name)}
              disabled={index <= 0 || move.isPending}
              onClick={() => moveBy(index, -1)}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={SLA_ORDER_TEXT.down(row.name)}
              title={SLA_ORDER_TEXT.down(row.name)}
              disabled={index < 0 || index >= rows.length - 1 || move.isPending}
              onClick={() => moveBy(index, 1)}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
          </>
        )}
      </div>
    );
  };
}

/** /settings/tickets/sla: SLA policies in the order they are tried, reordered by arrows. */
export function SlaPoliciesPage() {
  const canEdit = useCan('ticket_config.manage');
  const orderCell = useSlaOrder(canEdit);
  return (
    <CatalogueListPage
      catalogue={TICKET_SETTINGS.slaPolicies}
      nav={<SettingsGroupNav group="tickets" />}
      addLabel="Thêm chính sách SLA"
      canEdit={canEdit}
      dialog={SlaPolicyDialog}
      hint="Các chính sách được xét từ trên xuống: chính sách đầu tiên có mục tiêu phù hợp được áp dụng (dùng mũi tên để đổi thứ tự). Trong một chính sách, mục tiêu đúng loại ticket được ưu tiên hơn mục tiêu cho mọi loại."
      columns={[
        { head: TEXT.order, className: 'w-32', cell: orderCell },
        { head: TEXT.name, cell: (row) => <NameCell name={row.name} /> },
        {
          head: TEXT.schedule,
          className: 'w-44',
          cell: (row) =>
            row.schedule_name ?? <span className="text-slate-500">{TEXT.defaultSchedule}</span>,
        },
        {
          head: 'Mục tiêu (phản hồi / giải quyết)',
          cell: (row) => (
            <ul className="flex flex-col text-[13px] text-slate-600">
              {row.targets.map((target) => (
                <li key={`${target.priority_id}-${target.type_id ?? ''}`}>
                  {target.priority_name}
                  {target.type_name ? ` · ${target.type_name}` : ''}:{' '}
                  {duration(target.first_response_minutes)} / {duration(target.resolution_minutes)}
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}
