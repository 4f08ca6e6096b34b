import type { z } from 'zod';
import type {
  clientErrorsBody,
  DiagnosticKind,
  DiagnosticReport,
  traceCallErrorBody,
} from '@omnicare/shared/diagnostics/diagnostics.schemas';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import type { requestMeta } from '../../platform/routes.js';
import * as repo from './diagnostics.repository.js';

/** Where a report came from: the caller's address and browser. */
type ReportMeta = ReturnType<typeof requestMeta>;

/** What the softphone saw before it lost its connection, stored as sent. */
export async function recordDisconnection(
  platform: Platform,
  auth: AuthContext,
  payload: unknown,
  meta: ReportMeta,
) {
  await repo.insertReports(platform.db, [
    {
      tenantId: auth.tenantId,
      userId: auth.userId,
      kind: 'trace_disconnected',
      payload,
      ...meta,
    },
  ]);
}

export async function recordCallError(
  platform: Platform,
  auth: AuthContext,
  body: z.infer<typeof traceCallErrorBody>,
  meta: ReportMeta,
) {
  await repo.insertReports(platform.db, [
    {
      tenantId: auth.tenantId,
      userId: auth.userId,
      kind: 'trace_call_error',
      // Identity comes from the session, whatever the client wrote into the log.
      payload: { ...body.log, tenant_id: auth.tenantId, user_id: auth.userId },
      ...meta,
    },
  ]);
}

/** The web app's error reports; signed-out pages report too (no tenant, no user). */
export async function recordClientErrors(
  platform: Platform,
  auth: AuthContext | null,
  body: z.infer<typeof clientErrorsBody>,
  meta: ReportMeta,
) {
  await repo.insertReports(
    platform.db,
    body.errors.map((payload) => ({
      tenantId: auth?.tenantId ?? null,
      userId: auth?.userId ?? null,
      kind: 'client_error',
      payload,
      ...meta,
    })),
  );
}

export async function listReports(
  platform: Platform,
  auth: AuthContext,
  query: { kind?: DiagnosticKind; page: number; page_size: number },
) {
  const { rows, total } = await repo.listReports(platform.db, auth.tenantId, {
    kind: query.kind,
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  const reports: DiagnosticReport[] = rows.map((row) => ({
    _id: row.id,
    kind: row.kind as DiagnosticKind,
    user_id: row.userId,
    payload: row.payload,
    ip: row.ip,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
  }));
  return { reports, total };
}
