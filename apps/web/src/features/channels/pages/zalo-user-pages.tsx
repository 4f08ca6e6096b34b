import { Link, Navigate, useParams } from 'react-router';
import { ChevronRight, Info } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { usePageHandle } from '@/lib/route-declaration';
import { useCurrentUser } from '@/stores/session-store';
import { ZALO_USER_TEXT as TEXT } from '../channels-text';
import { hasZaloPersonalSettings, zaloPersonalTenants } from '../zalo-user-access';

const tenantPath = (tenantId: string) =>
  `/settings/multi-channels/zalo-user/${encodeURIComponent(tenantId)}`;

function NoApiNotice() {
  return (
    <Card className="flex items-start gap-3 border-amber-200 bg-amber-50 p-4" role="note">
      <Info className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="text-sm text-amber-900">{TEXT.noApi}</p>
    </Card>
  );
}

/**
 * /settings/multi-channels/zalo-user: the tenants enabled for personal Zalo accounts, only for an
 * administrator (admin flag) of one of them (spec section 6); everyone else goes to their own
 * tenant's page.
 */
export function ZaloUserIndexPage() {
  const user = useCurrentUser();
  const title = usePageHandle().title || TEXT.indexTitle;
  if (!user) return null;
  if (!hasZaloPersonalSettings(user)) return <Navigate to={tenantPath(user.tenant_id)} replace />;
  return (
    <div className="flex flex-col gap-4">
      <SettingsGroupNav group="channels" />
      <PageHeader title={title} />
      <NoApiNotice />
      <Card className="flex max-w-2xl flex-col gap-2 p-4">
        <h2 className="text-sm font-semibold text-slate-900">{TEXT.indexHint}</h2>
        <ul className="flex flex-col" aria-label={TEXT.indexHint}>
          {zaloPersonalTenants().map((tenantId) => (
            <li key={tenantId}>
              <Link
                to={tenantPath(tenantId)}
                className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 outline-none hover:bg-slate-50 hover:text-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600/50"
              >
                <span className="font-mono text-xs [overflow-wrap:anywhere]">{tenantId}</span>
                <span className="flex items-center gap-2">
                  {tenantId === user.tenant_id && (
                    <Badge variant="success">{TEXT.yourTenant}</Badge>
                  )}
                  <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

/**
 * /settings/multi-channels/zalo-user/{tenantId}: the tenant's personal Zalo configuration and
 * connections. Personal Zalo has no public API: nothing connects, so the page shows whether the
 * tenant is enabled and that no account is connected, and says why.
 */
export function ZaloUserTenantPage() {
  const user = useCurrentUser();
  const { tenantId = '' } = useParams();
  const title = usePageHandle().title || TEXT.indexTitle;
  const own = user?.tenant_id === tenantId;
  const enabled = zaloPersonalTenants().includes(tenantId);
  return (
    <div className="flex flex-col gap-4">
      <SettingsGroupNav group="channels" />
      <PageHeader title={title} />
      <NoApiNotice />
      {!own ? (
        <Card className="max-w-2xl p-4 text-sm text-slate-600" role="status">
          {TEXT.otherTenant}
        </Card>
      ) : (
        <>
          <Card className="flex max-w-2xl flex-col gap-3 p-4">
            <h2 className="text-sm font-semibold text-slate-900">{TEXT.config}</h2>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-500">{TEXT.tenantId}</dt>
              <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-800">
                {tenantId}
              </dd>
              <dt className="text-slate-500">{TEXT.indexTitle}</dt>
              <dd>
                <Badge variant={enabled ? 'success' : 'secondary'}>
                  {enabled ? TEXT.enabled : TEXT.disabled}
                </Badge>
              </dd>
            </dl>
          </Card>
          <Card className="flex max-w-2xl flex-col gap-2 p-4">
            <h2 className="text-sm font-semibold text-slate-900">{TEXT.connections}</h2>
            <p className="text-sm text-slate-500">{TEXT.noConnections}</p>
          </Card>
        </>
      )}
    </div>
  );
}
