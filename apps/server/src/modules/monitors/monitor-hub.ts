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
  SCOPED_PARTS,
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

/**
 * A narrower data scope watched on this instance: its own figures of the parts a scope changes
 * (`SCOPED_PARTS`), computed as one of its callers.
 */
interface NarrowScope {
  auth: AuthContext;
  parts: Partial<SnapshotParts>;
  dirty: Set<SnapshotPart>;
}

interface TenantState {
  frame?: TenantFrame;
  /** The tenant's figures, as the whole tenant's scope sees them. */
  parts: Partial<SnapshotParts>;
  dirty: Set<SnapshotPart>;
  /** The scopes watched on this instance, by key. */
  scopes: Map<string, ScopeContext>;
  /** Of those, the narrower ones, by key. */
  narrow: Map<string, NarrowScope>;
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
        narrow: new Map(),
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
      if (localRoomSize(roomOf(tenantId, key)) === 0) {
        state.scopes.delete(key);
        state.narrow.delete(key);
      }
    return state.scopes.size > 0;
  };
  let recomputes = 0;

  /**
   * Recomputes the dirty parts (one computation at a time per tenant): the tenant's, and each
   * narrower scope's own figures beside them.
   */
  async function refresh(tenantId: string, state: TenantState) {
    while (state.running) await state.running;
    const frame = state.frame;
    if (!frame) return;
    const taken = (dirty: Set<SnapshotPart>) => {
      const parts = new Set(dirty);
      dirty.clear();
      return parts;
    };
    const wide = taken(state.dirty);
    const narrow = [...state.narrow.values()]
      .filter((entry) => entry.dirty.size > 0)
      .map((entry) => ({ entry, parts: taken(entry.dirty) }));
    if (wide.size === 0 && narrow.length === 0) return;
    state.lastRun = Date.now();
    recomputes += 1;
    const failed = (dirty: Set<SnapshotPart>, parts: Set<SnapshotPart>) => (error: unknown) => {
      for (const part of parts) dirty.add(part);
      platform.log.warn({ err: error, tenantId }, 'monitor snapshot not computed');
    };
    state.running = Promise.all([
      wide.size > 0 &&
        computeParts(platform, frame, wide).then(
          (computed) => {
            state.parts = { ...state.parts, ...computed };
          },
          failed(state.dirty, wide),
        ),
      ...narrow.map(({ entry, parts }) =>
        computeParts(platform, { ...frame, auth: entry.auth }, parts).then(
          (computed) => {
            entry.parts = { ...entry.parts, ...computed };
          },
          failed(entry.dirty, parts),
        ),
      ),
    ])
      .then(() => {
        state.at = new Date();
      })
      .finally(() => {
        state.running = undefined;
      });
    await state.running;
  }

  /**
   * The snapshot of a scope: the tenant's parts; for a narrower scope, its own figures of the
   * parts a scope changes (never the tenant's: empty until computed).
   */
  const snapshotOf = (
    state: TenantState,
    scope: ScopeContext,
    own?: Partial<SnapshotParts>,
  ): MonitorSnapshot => {
    const parts =
      scope.scope === 'all'
        ? state.parts
        : { ...state.parts, queues: own?.queues, channels: own?.channels, daily: own?.daily };
    return scopedSnapshot(
      {
        at: state.at.toISOString(),
        date: parts.daily?.days.today ?? '',
        time_zone: state.frame?.timeZone ?? '',
        agents: parts.agents ?? [],
        departments: parts.departments ?? [],
        queues: parts.queues ?? [],
        calls: parts.calls ?? [],
        channels: parts.channels ?? [],
        daily: parts.daily ?? {
          days: { today: '', yesterday: '', last_week: '' },
          series: [],
        },
      },
      scope,
    );
  };

  /** Recomputes and pushes to this instance's watchers of the tenant. */
  async function push(tenantId: string) {
    const state = tenants.get(tenantId);
    if (!state || stopped) return;
    state.timer = undefined;
    if (!watched(tenantId, state)) return;
    await refresh(tenantId, state);
    for (const [key, scope] of state.scopes)
      io.local
        .to(roomOf(tenantId, key))
        .emit(MONITOR_EVENTS.snapshot, snapshotOf(state, scope, state.narrow.get(key)?.parts));
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
    for (const part of PARTS_OF[change] ?? SNAPSHOT_PARTS) {
      state.dirty.add(part);
      if (SCOPED_PARTS.includes(part))
        for (const entry of state.narrow.values()) entry.dirty.add(part);
    }
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

  /**
   * The tenant's snapshot as the caller's data scope sees it, up to date. A narrower scope
   * watched here has its figures kept; otherwise they are computed for this answer.
   */
  async function current(auth: AuthContext): Promise<MonitorSnapshot> {
    const state = stateOf(auth.tenantId);
    const frame = (state.frame ??= await frameOf(platform, auth));
    await refresh(auth.tenantId, state);
    const scope = dataScopeOf(auth);
    if (scope.scope === 'all') return snapshotOf(state, scope);
    const own =
      state.narrow.get(scopeKeyOf(scope))?.parts ??
      (await computeParts(platform, { ...frame, auth }, new Set(SCOPED_PARTS)));
    return snapshotOf(state, scope, own);
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
      const state = stateOf(auth.tenantId);
      state.scopes.set(key, scope);
      if (scope.scope !== 'all' && !state.narrow.has(key))
        state.narrow.set(key, { auth, parts: {}, dirty: new Set(SCOPED_PARTS) });
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
