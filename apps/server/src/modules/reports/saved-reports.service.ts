import {
  REPORT_DELIVERY_MESSAGES,
  savedReportBody,
  savedReportView,
  type SavedReport,
  type SavedReportBody,
} from '@omnicare/shared/reports/report-delivery.schemas';
import { can } from '@omnicare/shared/users/permissions';
import { asc } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth.js';
import { catalogue, personalOrSharedTable } from '../../platform/catalogue.js';
import { fieldError, forbidden } from '../../platform/errors.js';
import { vietnameseOrder } from '../../platform/sql.js';
import { savedReports as table } from '../../db/schema/reports.js';

const records = personalOrSharedTable(table, {
  orderBy: [vietnameseOrder(table.name), asc(table.id)],
  toValues: (_ctx, body: SavedReportBody) => ({
    name: body.name,
    metrics: body.metrics,
    dimension: body.dimension,
    filters: body.filters,
    shared: body.shared,
  }),
});

type Listed = Awaited<ReturnType<typeof records.visible>>[number];

/** One's own saved reports are theirs alone; shared ones are changed by holders of `report.share`. */
const mayChange = (auth: AuthContext, saved: Listed['row']) =>
  saved.shared ? can(auth.role, 'report.share') : saved.ownerId === auth.userId;

const toView =
  (auth: AuthContext) =>
  ({ row: saved, ownerName }: Listed): SavedReport => ({
    _id: saved.id,
    name: saved.name,
    metrics: saved.metrics,
    dimension: saved.dimension,
    filters: saved.filters as SavedReport['filters'],
    shared: saved.shared,
    owner: { _id: saved.ownerId, name: ownerName ?? '' },
    editable: mayChange(auth, saved),
    updated_at: saved.updatedAt.toISOString(),
  });

/**
 * Custom reports saved by name (/report/custom): the caller's own and the tenant's shared ones,
 * for whoever reads custom reports (`report.view`).
 */
export const savedReports = catalogue({
  tag: 'reports',
  entity: 'saved_report',
  messages: {
    created: 'Đã lưu báo cáo',
    updated: 'Cập nhật báo cáo thành công',
    deleted: 'Xóa báo cáo thành công',
    notFound: REPORT_DELIVERY_MESSAGES.savedNotFound,
    nameTaken: REPORT_DELIVERY_MESSAGES.savedNameTaken,
    subject: 'Báo cáo',
  },
  access: { read: 'report.view', manage: 'report.view' },
  paths: { list: '/v2/saved-reports', create: '/v2/saved-reports', one: '/v2/saved-reports/:id' },
  summaries: {
    list: 'Báo cáo tùy chỉnh đã lưu: của tôi và dùng chung',
    get: 'Một báo cáo đã lưu',
    record: 'báo cáo đã lưu',
  },
  schemas: { view: savedReportView, body: savedReportBody },
  listAnswer: 'array',
  list: async (ctx) => (await records.visible(ctx)).map(toView(ctx.auth)),
  find: async (ctx, id) => {
    const [row] = await records.visible(ctx, id);
    return row && toView(ctx.auth)(row);
  },
  mayChange: (ctx, before, body) => {
    if (before && !before.editable) throw forbidden();
    if (body?.shared && !can(ctx.auth.role, 'report.share'))
      throw fieldError('shared', REPORT_DELIVERY_MESSAGES.shareForbidden);
  },
  nameTaken: records.nameTaken,
  write: records.write,
  remove: records.remove,
});
