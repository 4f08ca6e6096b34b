import { Link, Navigate, useParams } from 'react-router';
import { Building2, Settings2 } from 'lucide-react';
import { formatDate } from '@omnicare/shared/platform/time';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { PageHeader } from '@/components/layout/page-header';
import { usePageHandle } from '@/lib/route-declaration';
import { FORBIDDEN_PATH } from '@/lib/web-constants';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { StaffTableCard, useStaffPaging } from '@/features/users/components/staff-table-card';
import { useCurrentUser } from '@/stores/session-store';
import { TenantConfigForm } from '../components/tenant-config-form';
import { useTenantConfig, useTenantUsers, useTenants } from '../tenants.queries';
import { TENANT_TEXT } from '../tenants-text';

function WorkflowBadge({ workflow }: { workflow: string }) {
  return (
    <Badge variant={workflow === 'enabled' ? 'success' : 'secondary'}>
      {TENANT_TEXT.workflow}: {workflow === 'enabled' ? TENANT_TEXT.enabled : TENANT_TEXT.disabled}
    </Badge>
  );
}

/** The own tenant in brief, with the way to its configuration. */
function OwnTenantCard() {
  const config = useTenantConfig(null);
  if (config.isPending) return <Skeleton className="h-28" />;
  if (!config.data) return null;
  const tenant = config.data;
  return (
    <Card className="flex flex-wrap items-center gap-4 p-4">
      <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
        {tenant.logo_url ? (
          <img src={tenant.logo_url} alt="" className="max-h-full max-w-full object-contain" />
        ) : (
          <Building2 className="size-6 text-slate-400" aria-hidden="true" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-xs text-slate-500">{TENANT_TEXT.ownTenant}</p>
        <p className="truncate text-base font-semibold text-slate-900">{tenant.name}</p>
        <div className="flex flex-wrap items-center gap-2 text-[13px] text-slate-600">
          <span className="font-mono">{tenant.slug}</span>
          <span aria-hidden="true">·</span>
          <span>{tenant.time_zone}</span>
          <WorkflowBadge workflow={tenant.workflow} />
        </div>
      </div>
      <Button asChild variant="outline">
        <Link to="/settings/tenant/config">
          <Settings2 aria-hidden="true" />
          {TENANT_TEXT.openConfig}
        </Link>
      </Button>
    </Card>
  );
}

/** Every tenant, for the platform administrator. */
function TenantsTable() {
  const tenants = useTenants(true);
  const rows = tenants.data?.data ?? [];
  return (
    <Card className="flex flex-col gap-3 p-3 sm:p-4">
      <div>
        <h2 className="text-sm font-semibold text-slate-900">{TENANT_TEXT.tenants}</h2>
        <p className="text-[13px] text-slate-500">{TENANT_TEXT.tenantsHint}</p>
      </div>
      <Table aria-label={TENANT_TEXT.tenants}>
        <TableHeader>
          <TableRow>
            <TableHead>{TENANT_TEXT.name}</TableHead>
            <TableHead>{TENANT_TEXT.slug}</TableHead>
            <TableHead>{TENANT_TEXT.users}</TableHead>
            <TableHead className="hidden lg:table-cell">{TENANT_TEXT.timeZone}</TableHead>
            <TableHead>{TENANT_TEXT.workflow}</TableHead>
            <TableHead className="hidden lg:table-cell">{TENANT_TEXT.created}</TableHead>
            <TableHead className="text-right" />
          </TableRow>
        </TableHeader>
        <TableBody>
          {tenants.isPending &&
            Array.from({ length: 3 }, (_, index) => (
              <TableRow key={index}>
                <TableCell colSpan={7}>
                  <Skeleton className="h-7" />
                </TableCell>
              </TableRow>
            ))}
          {!tenants.isPending && rows.length === 0 && (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={7}>
                <EmptyState />
              </TableCell>
            </TableRow>
          )}
          {rows.map((tenant) => (
            <TableRow key={tenant._id}>
              <TableCell className="font-medium text-slate-900">{tenant.name}</TableCell>
              <TableCell className="font-mono text-xs">{tenant.slug}</TableCell>
              <TableCell className="tabular-nums">{tenant.user_count}</TableCell>
              <TableCell className="hidden whitespace-nowrap lg:table-cell">
                {tenant.time_zone}
              </TableCell>
              <TableCell>
                <Badge variant={tenant.workflow === 'enabled' ? 'success' : 'secondary'}>
                  {tenant.workflow === 'enabled' ? TENANT_TEXT.enabled : TENANT_TEXT.disabled}
                </Badge>
              </TableCell>
              <TableCell className="hidden tabular-nums lg:table-cell">
                {formatDate(tenant.created_at)}
              </TableCell>
              <TableCell className="text-right">
                <Button asChild variant="outline" size="sm">
                  <Link
                    to={`/settings/tenant/config/${encodeURIComponent(tenant._id)}`}
                    aria-label={`${TENANT_TEXT.configure} ${tenant.name}`}
                  >
                    {TENANT_TEXT.configure}
                  </Link>
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

/** /settings/tenant: the own tenant, and every tenant for the platform administrator. */
export function TenantPage() {
  const { title } = usePageHandle();
  const user = useCurrentUser();
  return (
    <div className="flex flex-col gap-4">
      <SettingsGroupNav group="system" />
      <PageHeader title={title} />
      <OwnTenantCard />
      {user?.is_admin && <TenantsTable />}
    </div>
  );
}

/** /settings/tenant/config: the own tenant's configuration. */
export function TenantConfigPage() {
  const { title } = usePageHandle();
  const config = useTenantConfig(null);
  return (
    <div className="flex flex-col gap-4">
      <SettingsGroupNav group="system" />
      <PageHeader title={title} />
      {config.isPending ? (
        <PageSpinner />
      ) : config.data ? (
        <TenantConfigForm key={config.data._id} tenantId={null} config={config.data} />
      ) : (
        <EmptyState />
      )}
    </div>
  );
}

function TenantStaff({ tenantId }: { tenantId: string }) {
  const paging = useStaffPaging();
  const staff = useTenantUsers(tenantId, paging.page, paging.pageSize);
  return <StaffTableCard title={TENANT_TEXT.tenantStaff} staff={staff} paging={paging} />;
}

/** /settings/tenant/config/{tenantId}: any tenant, for the platform administrator only. */
export function TenantConfigByIdPage() {
  const { tenantId = '' } = useParams();
  const user = useCurrentUser();
  if (!user?.is_admin) return <Navigate to={FORBIDDEN_PATH} replace />;
  return <TenantConfigById tenantId={tenantId} />;
}

function TenantConfigById({ tenantId }: { tenantId: string }) {
  const { title } = usePageHandle();
  const config = useTenantConfig(tenantId);
  return (
    <div className="flex flex-col gap-4">
      <SettingsGroupNav group="system" />
      <PageHeader
        title={config.data ? `${title}: ${config.data.name}` : title}
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to="/settings/tenant">{TENANT_TEXT.tenants}</Link>
          </Button>
        }
      />
      {config.isPending ? (
        <PageSpinner />
      ) : config.data ? (
        <>
          <TenantConfigForm key={config.data._id} tenantId={tenantId} config={config.data} />
          <TenantStaff tenantId={tenantId} />
        </>
      ) : (
        <EmptyState />
      )}
    </div>
  );
}
