import type { Socket } from 'socket.io';
import {
  MONITOR_EVENTS,
  monitorWatchSchema,
  type MonitorSnapshot,
} from '@omnicare/shared/monitors/monitors.schemas';
import { can } from '@omnicare/shared/users/permissions';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { dataScopeOf, type ScopeContext } from '../../platform/data-scope.js';
import {
  computeParts,
  frameOf,
  scopedSnapshot,
  scopeKeyOf,
  SNAPSHOT_PARTS,
  type SnapshotPart,
  type SnapshotParts,
  type TenantFrame,
} from './monitors.service.js';
import { MONITOR_SIGNAL, type MonitorChange } from './monitor-pulse.js';

const PARTS_OF: Record<MonitorChange, readonly SnapshotPart[]> = {
  presence: ['agents', 'queues'],
  calls: ['agents', 'queues', 'calls', 'daily'],
  conversations: ['agents', 'channels', 'daily'],
  channels: ['channels'],
  all: SNAPSHOT_PARTS,
};

/** At most one recompute per tenant in this long, however many changes come. */
export const COALESCE_MS = 300;
/**
 * Everything is recomputed this often while someone watches: today's figures roll over at
 * midnight, and a channel's connection state is written in several places.
 */
const REFRESH_MS = 30_000;

const roomOf = (tenantId: string, scopeKey: string) => `monitor:${tenantId}:${scopeKey}`;

interface TenantState {
  frame?: TenantFrame;
  parts: Partial<SnapshotParts>;
  dirty: Set<SnapshotPart>;
  /** The scopes watched on this instance, by key. */
  scopes: Map<string, ScopeContext>;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  lastRun: number;
  at: Date;
}

/**
 * The monitors' snapshots on this instance: one per tenant, for the sockets this instance
 * holds. A change anywhere (any instance) reaches every instance as a signal; each marks the
 * parts it touches dirty and, when it has watchers of that tenant, recomputes them once for all
 * of them (at most once per COALESCE_MS) and pushes the snapshot to each data scope's room on
 * this instance only. Without watchers the parts stay dirty until someone asks.
 */
export function createMonitorHub(platform: Platform) {
  const tenants = new Map<string, TenantState>();
  const { io } = platform.realtime;
  let stopped = false;
  const stateOf = (tenantId: string) => {
    let state = tenants.get(tenantId);
    if (!state) {
      state = {
        parts: {},
        dirty: new Set(SNAPSHOT_PARTS),
        scopes: new Map(),
        lastRun: 0,
        at: new Date(),
      };
      tenants.set(tenantId, state);
    }
    return state;
  };
  const localRoomSize = (room: string) => io.of('/').adapter.rooms.get(room)?.size ?? 0;
  const watched = (tenantId: string, state: TenantState) => {
    for (const key of [...state.scopes.keys()])
      if (localRoomSize(roomOf(tenantId, key)) === 0) state.scopes.delete(key);
    return state.scopes.size > 0;
  };
  let recomputes = 0;

  /** Recomputes the dirty parts (one computation at a time per tenant). */
  async function refresh(tenantId: string, state: TenantState) {
    while (state.running) await state.running;
    if (state.dirty.size === 0 || !state.frame) return;
    const parts = new Set(state.dirty);
    state.dirty.clear();
    state.lastRun = Date.now();
    recomputes += 1;
    const frame = state.frame;
    state.running = computeParts(platform, frame, parts)
      .then((computed) => {
        state.parts = { ...state.parts, ...computed };
        state.at = new Date();
      })
      .catch((error: unknown) => {
        for (const part of parts) state.dirty.add(part);
        platform.log.warn({ err: error, tenantId }, 'monitor snapshot not computed');
      })
      .finally(() => {
        state.running = undefined;
      });
    await state.running;
  }

  const snapshotOf = (state: TenantState): MonitorSnapshot => ({
    at: state.at.toISOString(),
    date: state.parts.daily?.days.today ?? '',
    time_zone: state.frame?.timeZone ?? '',
    agents: state.parts.agents ?? [],
    departments: state.parts.departments ?? [],
    queues: state.parts.queues ?? [],
    calls: state.parts.calls ?? [],
    channels: state.parts.channels ?? [],
    daily: state.parts.daily ?? {
      days: { today: '', yesterday: '', last_week: '' },
      series: [],
    },
  });

  /** Recomputes and pushes to this instance's watchers of the tenant. */
  async function push(tenantId: string) {
    const state = tenants.get(tenantId);
    if (!state || stopped) return;
    state.timer = undefined;
    if (!watched(tenantId, state)) return;
    await refresh(tenantId, state);
    const snapshot = snapshotOf(state);
    for (const [key, scope] of state.scopes)
      io.local
        .to(roomOf(tenantId, key))
        .emit(MONITOR_EVENTS.snapshot, scopedSnapshot(snapshot, scope));
    // Changes heard while computing: once more, no sooner than the coalescing allows.
    if (state.dirty.size > 0) schedule(tenantId, state);
  }

  function schedule(tenantId: string, state: TenantState) {
    if (state.timer || stopped) return;
    const wait = Math.max(0, state.lastRun + COALESCE_MS - Date.now());
    state.timer = setTimeout(() => void push(tenantId), wait);
    state.timer.unref();
  }

  function heard(tenantId: string, change: MonitorChange) {
    const state = tenants.get(tenantId);
    if (!state) return;
    for (const part of PARTS_OF[change] ?? SNAPSHOT_PARTS) state.dirty.add(part);
    if (watched(tenantId, state)) schedule(tenantId, state);
  }

  platform.realtime.onSignal(MONITOR_SIGNAL, (payload) => {
    const { tenant_id: tenantId, change } = (payload ?? {}) as {
      tenant_id?: unknown;
      change?: unknown;
    };
    if (typeof tenantId !== 'string') return;
    heard(tenantId, (typeof change === 'string' ? change : 'all') as MonitorChange);
  });

  const refresher = setInterval(() => {
    for (const tenantId of tenants.keys()) heard(tenantId, 'all');
  }, REFRESH_MS);
  refresher.unref();

  /** The tenant's snapshot as the caller's data scope sees it, up to date. */
  async function current(auth: AuthContext): Promise<MonitorSnapshot> {
    const state = stateOf(auth.tenantId);
    state.frame ??= await frameOf(platform, auth);
    await refresh(auth.tenantId, state);
    return scopedSnapshot(snapshotOf(state), dataScopeOf(auth));
  }

  function attach(socket: Socket) {
    socket.on(MONITOR_EVENTS.watch, async (raw: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (body: unknown) => void) : () => {};
      const auth = socket.data.auth as AuthContext | undefined;
      const watch = monitorWatchSchema.safeParse(raw);
      if (!auth || !watch.success || !can(auth.role, 'monitors.read')) return reply({ ok: false });
      const scope = dataScopeOf(auth);
      const key = scopeKeyOf(scope);
      await socket.join(roomOf(auth.tenantId, key));
      stateOf(auth.tenantId).scopes.set(key, scope);
      try {
        reply({ ok: true, snapshot: await current(auth) });
      } catch (error) {
        platform.log.warn({ err: error }, 'monitor snapshot not computed');
        reply({ ok: false });
      }
    });
    socket.on(MONITOR_EVENTS.unwatch, async () => {
      const auth = socket.data.auth as AuthContext | undefined;
      if (!auth) return;
      await socket.leave(roomOf(auth.tenantId, scopeKeyOf(dataScopeOf(auth))));
    });
  }

  return {
    attach,
    current,
    /** Computations so far on this instance (the bench prints it). */
    recomputes: () => recomputes,
    stop() {
      stopped = true;
      clearInterval(refresher);
      for (const state of tenants.values()) clearTimeout(state.timer);
    },
  };
}
export type MonitorHub = ReturnType<typeof createMonitorHub>;

const hubs = new WeakMap<Platform, MonitorHub>();

/** The app's hub (one per app, made on first use). */
export function monitorHubOf(platform: Platform): MonitorHub {
  let hub = hubs.get(platform);
  if (!hub) {
    hub = createMonitorHub(platform);
    hubs.set(platform, hub);
  }
  return hub;
}
