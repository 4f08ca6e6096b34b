import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { MonitorAgent } from '@omnicare/shared/monitors/monitors.schemas';
import { WRAP_UP_MESSAGES } from '@omnicare/shared/telephony/wrap-up.schemas';
import { PRESENCE, SELECTABLE_PRESENCES, type Presence } from '@omnicare/shared/users/presence';
import { mayActOn, ROLE, type Role } from '@omnicare/shared/users/roles';
import { useCan } from '@/lib/use-can';
import { toast } from '@/lib/toast';
import { useCurrentUser } from '@/stores/session-store';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { PresenceDot } from '@/components/ui/presence-dot';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { endAgentWrapUp, setAgentPresence } from '../monitors.api';
import { formatDuration, secondsSince } from '../monitor-format';
import { useMonitor } from '../use-monitor';
import {
  FigureButton,
  MetricTile,
  MonitorFrame,
  MonitorSkeleton,
  Section,
} from '../components/monitor-parts';

export const AGENTS_TEXT = {
  department: 'Bộ phận',
  allDepartments: 'Tất cả bộ phận',
  agent: 'Nhân viên',
  presence: 'Trạng thái',
  inState: 'Thời gian ở trạng thái',
  calls: 'Cuộc gọi',
  chats: 'Hội thoại',
  handled: 'Đã xử lý hôm nay',
  change: 'Đổi trạng thái',
  changeOf: (name: string) => `Đổi trạng thái của ${name}`,
  endWrapUp: 'Kết thúc',
  endWrapUpOf: (name: string) => `Kết thúc xử lý sau cuộc gọi của ${name}`,
  unlimited: '∞',
} as const;

/** /monitors/agents: every agent's presence, time in it, load against capacity, work today. */
export function AgentsMonitorPage() {
  const { snapshot, now, isError, retry, live } = useMonitor('agents');
  const [department, setDepartment] = useState('');
  const me = useCurrentUser();
  const canChange = useCan('monitors.presence');
  const agents = useMemo(
    () =>
      (snapshot?.agents ?? []).filter(
        (agent) => !department || agent.department_ids.includes(department),
      ),
    [snapshot?.agents, department],
  );
  const change = useMutation({
    mutationFn: ({ id, presence }: { id: string; presence: Presence }) =>
      setAgentPresence(id, presence),
    onSuccess: ({ message }) => toast.success(message),
  });
  // The monitor's push removes the badge.
  const endWrapUp = useMutation({
    mutationFn: (id: string) => endAgentWrapUp(id),
    onSuccess: ({ message }) => toast.success(message),
  });
  const totals = {
    available: agents.filter((agent) => agent.presence === 'AVAILABLE').length,
    calls: agents.reduce((sum, agent) => sum + agent.calls_now, 0),
    chats: agents.reduce((sum, agent) => sum + agent.chats_now, 0),
  };
  const departments = snapshot?.departments ?? [];
  return (
    <MonitorFrame
      live={live}
      at={snapshot?.at}
      actions={
        <label className="flex items-center gap-2 text-sm text-slate-600">
          {AGENTS_TEXT.department}
          <NativeSelect
            className="w-52"
            value={department}
            onChange={(event) => setDepartment(event.target.value)}
            aria-label={AGENTS_TEXT.department}
          >
            <option value="">{AGENTS_TEXT.allDepartments}</option>
            {departments.map((row) => (
              <option key={row._id} value={row._id}>
                {row.name}
              </option>
            ))}
          </NativeSelect>
        </label>
      }
    >
      {isError ? (
        <LoadErrorState onRetry={retry} />
      ) : !snapshot?.agents ? (
        <MonitorSkeleton />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <MetricTile metric="agents_available" value={totals.available} query={{}} />
            <MetricTile metric="calls_in_progress" value={totals.calls} query={{}} />
            <MetricTile metric="chats_open_now" value={totals.chats} query={{}} />
          </div>
          <Section title={`${AGENTS_TEXT.agent} (${agents.length})`}>
            {agents.length === 0 ? (
              <EmptyState />
            ) : (
              <div className="overflow-x-auto">
                <Table aria-label={AGENTS_TEXT.agent}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>{AGENTS_TEXT.agent}</TableHead>
                      <TableHead>{AGENTS_TEXT.presence}</TableHead>
                      <TableHead className="text-right whitespace-normal">
                        {AGENTS_TEXT.inState}
                      </TableHead>
                      <TableHead className="text-right">{AGENTS_TEXT.calls}</TableHead>
                      <TableHead className="text-right">{AGENTS_TEXT.chats}</TableHead>
                      <TableHead className="text-right whitespace-normal">
                        {AGENTS_TEXT.handled}
                      </TableHead>
                      {canChange && <TableHead>{AGENTS_TEXT.change}</TableHead>}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {agents.map((agent) => (
                      <AgentRow
                        key={agent._id}
                        agent={agent}
                        now={now}
                        showChange={canChange}
                        changeable={
                          canChange &&
                          !!me &&
                          mayActOn(
                            { role: me.role, isAdmin: me.is_admin },
                            { role: agent.role, isAdmin: false },
                          )
                        }
                        busy={
                          (change.isPending && change.variables?.id === agent._id) ||
                          (endWrapUp.isPending && endWrapUp.variables === agent._id)
                        }
                        onChange={(presence) => change.mutate({ id: agent._id, presence })}
                        onEndWrapUp={() => endWrapUp.mutate(agent._id)}
                      />
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
          </Section>
        </>
      )}
    </MonitorFrame>
  );
}

function AgentRow({
  agent,
  now,
  showChange,
  changeable,
  busy,
  onChange,
  onEndWrapUp,
}: {
  agent: MonitorAgent;
  now: number;
  showChange: boolean;
  changeable: boolean;
  busy: boolean;
  onChange: (presence: Presence) => void;
  onEndWrapUp: () => void;
}) {
  const full = (count: number, capacity: number | null) => capacity !== null && count >= capacity;
  return (
    <TableRow data-agent={agent._id}>
      <TableCell>
        <div className="flex min-w-36 flex-col">
          <span className="font-medium whitespace-nowrap text-slate-900">{agent.name}</span>
          <span className="text-xs whitespace-nowrap text-slate-500">
            {agent.agent_id} · {ROLE.label(agent.role as Role)}
          </span>
        </div>
      </TableCell>
      <TableCell>
        <span className="flex items-center gap-2" data-testid="agent-presence">
          <PresenceDot presence={agent.presence} />
          {PRESENCE.label(agent.presence)}
        </span>
        {agent.wrap_up && Date.parse(agent.wrap_up.ends_at) > now && (
          <span className="mt-1 flex flex-wrap items-center gap-1">
            <Badge variant="warning" className="tabular-nums" data-testid="agent-wrap-up">
              {WRAP_UP_MESSAGES.label} {formatDuration(secondsSince(agent.wrap_up.started_at, now))}
            </Badge>
            {changeable && (
              <Button
                variant="ghost"
                size="sm"
                className="h-6 px-2 text-xs"
                aria-label={AGENTS_TEXT.endWrapUpOf(agent.name)}
                disabled={busy}
                onClick={onEndWrapUp}
              >
                {AGENTS_TEXT.endWrapUp}
              </Button>
            )}
          </span>
        )}
      </TableCell>
      <TableCell className="text-right tabular-nums" data-testid="agent-in-state">
        {formatDuration(secondsSince(agent.presence_changed_at, now))}
      </TableCell>
      <TableCell className="text-right">
        <FigureButton
          metric="calls_in_progress"
          query={{ user_id: agent._id }}
          context={agent.name}
          className={
            full(agent.calls_now, agent.call_capacity) ? 'font-semibold text-amber-700' : ''
          }
        >
          {agent.calls_now}/{agent.call_capacity}
          {agent.current_call && (
            <span className="ml-1 text-xs text-slate-500">
              ({formatDuration(secondsSince(agent.current_call.since, now))})
            </span>
          )}
        </FigureButton>
      </TableCell>
      <TableCell className="text-right">
        <FigureButton
          metric="chats_open_now"
          query={{ user_id: agent._id }}
          context={agent.name}
          className={
            full(agent.chats_now, agent.chat_capacity) ? 'font-semibold text-amber-700' : ''
          }
        >
          {agent.chats_now}/{agent.chat_capacity ?? AGENTS_TEXT.unlimited}
        </FigureButton>
      </TableCell>
      <TableCell className="text-right">
        <FigureButton metric="handled" query={{ user_id: agent._id }} context={agent.name}>
          {agent.handled_today}
        </FigureButton>
      </TableCell>
      {showChange && (
        <TableCell>
          {changeable && (
            <NativeSelect
              className="h-8 w-44"
              aria-label={AGENTS_TEXT.changeOf(agent.name)}
              value={SELECTABLE_PRESENCES.includes(agent.presence) ? agent.presence : ''}
              disabled={busy}
              onChange={(event) => onChange(event.target.value as Presence)}
            >
              {!SELECTABLE_PRESENCES.includes(agent.presence) && (
                <option value="">{PRESENCE.label(agent.presence)}</option>
              )}
              {SELECTABLE_PRESENCES.map((presence) => (
                <option key={presence} value={presence}>
                  {PRESENCE.label(presence)}
                </option>
              ))}
            </NativeSelect>
          )}
        </TableCell>
      )}
    </TableRow>
  );
}
