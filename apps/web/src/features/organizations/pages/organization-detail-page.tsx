import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Loader2, RotateCcw } from 'lucide-react';
import {
  organizationBody,
  type OrganizationDetail,
} from '@omnicare/shared/organizations/organizations.schemas';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { useCan } from '@/lib/use-can';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { StaffTableCard, useStaffPaging } from '@/features/users/components/staff-table-card';
import { useStaffList } from '@/features/users/users.queries';
import { applyFieldErrors, errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useGuardedSubmit } from '@/lib/use-guarded-submit';
import { readTabDraft, recordTabTitle, saveTabDraft } from '@/stores/record-tabs-store';
import { useRecordTab } from '@/components/layout/use-record-tab';
import { OrganizationPicker } from '../components/organization-picker';
import { organizationPath, parentChoices } from '../organization-tree';
import {
  useOrganization,
  useOrganizationTree,
  useUpdateOrganization,
} from '../organizations.queries';
import { ORGANIZATION_TEXT } from '../organizations-text';

interface OrganizationDraft {
  name: string;
  parent_id: string | null;
}

/** The draft kept for this tab, if it has one of the right shape. */
function readDraft(tabKey: string): OrganizationDraft | null {
  const draft = readTabDraft(tabKey).organization;
  if (!draft || typeof draft.name !== 'string') return null;
  const parent = draft.parent_id;
  return { name: draft.name, parent_id: typeof parent === 'string' ? parent : null };
}

/**
 * /settings/organizations/{organizationId}: a record tab 'Tổ chức {number}' (an id moves to the
 * number).
 */
export function OrganizationDetailPage() {
  const { organizationId = '' } = useParams();
  const detail = useOrganization(organizationId);
  const { tabKey } = useRecordTab('organization', organizationId, detail.data);

  if (detail.isPending) return <PageSpinner />;
  if (detail.isError || !detail.data) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">
          {recordTabTitle('organization', organizationId)}
        </h1>
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <p className="text-sm text-slate-600">{ORGANIZATION_TEXT.notFound}</p>
            {detail.error && (
              <p className="text-[13px] text-slate-500">{errorMessage(detail.error)}</p>
            )}
            <Button asChild variant="outline">
              <Link to="/settings/users/organizations">{ORGANIZATION_TEXT.backToTree}</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }
  return <OrganizationDetailView key={tabKey} tabKey={tabKey} organization={detail.data} />;
}

function OrganizationDetailView({
  tabKey,
  organization,
}: {
  tabKey: string;
  organization: OrganizationDetail;
}) {
  const tree = useOrganizationTree();
  const canEdit = useCan('organization.manage');
  const path = organizationPath(tree.data ?? [], organization._id);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <Link
          to="/settings/users/organizations"
          className="inline-flex w-fit items-center gap-1 rounded text-[13px] text-teal-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-teal-600/50"
        >
          <ArrowLeft className="size-3.5" aria-hidden="true" />
          {ORGANIZATION_TEXT.backToTree}
        </Link>
        {/* The tab keeps the spec's 'Tổ chức {id}'; the heading is the organization's name. */}
        <h1
          data-testid="record-name"
          className="text-xl font-semibold tracking-tight break-words text-slate-900"
        >
          {organization.name}
        </h1>
        {path.length > 1 && (
          <p className="text-[13px] text-slate-500" aria-label={ORGANIZATION_TEXT.path}>
            {path.join(' / ')}
          </p>
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Card className="h-fit">
          <CardContent className="flex flex-col gap-4 px-4 py-4">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
              <dt className="text-slate-500">{ORGANIZATION_TEXT.createdAt}</dt>
              <dd>{formatDateTime(organization.created_at)}</dd>
              <dt className="text-slate-500">{ORGANIZATION_TEXT.updatedAt}</dt>
              <dd>{formatDateTime(organization.updated_at)}</dd>
            </dl>
            {canEdit && <OrganizationEditForm tabKey={tabKey} organization={organization} />}
          </CardContent>
        </Card>
        <OrganizationMembers organizationId={organization._id} />
      </div>
    </div>
  );
}

function OrganizationEditForm({
  tabKey,
  organization,
}: {
  tabKey: string;
  organization: OrganizationDetail;
}) {
  const tree = useOrganizationTree();
  const saved: OrganizationDraft = { name: organization.name, parent_id: organization.parent_id };
  const [values, setValues] = useState<OrganizationDraft>(() => readDraft(tabKey) ?? saved);
  const [errors, setErrors] = useState<Partial<Record<keyof OrganizationDraft, string>>>({});
  const update = useUpdateOrganization();
  const dirty = values.name !== saved.name || values.parent_id !== saved.parent_id;

  const change = (next: OrganizationDraft) => {
    setValues(next);
    const unchanged = next.name === saved.name && next.parent_id === saved.parent_id;
    saveTabDraft(tabKey, 'organization', unchanged ? undefined : { ...next });
  };

  async function submit() {
    setErrors({});
    const parsed = organizationBody.safeParse(values);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'name' || field === 'parent_id') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      const result = await update.mutateAsync({ id: organization._id, body: parsed.data });
      saveTabDraft(tabKey, 'organization', undefined);
      toast.success(result.message);
    } catch (error) {
      const matched = applyFieldErrors(
        error,
        (field, { message }) => setErrors((current) => ({ ...current, [field]: message })),
        ['name', 'parent_id'] as const,
      );
      if (!matched) toast.error(errorMessage(error));
    }
  }

  // Once at a time: a double click saves once.
  const guarded = useGuardedSubmit((event) => {
    event.preventDefault();
    return submit();
  });
  const busy = update.isPending || guarded.busy;

  return (
    <form
      className="flex flex-col gap-3 border-t border-slate-100 pt-4"
      aria-label={ORGANIZATION_TEXT.editTitle}
      noValidate
      onSubmit={guarded.submit}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">{ORGANIZATION_TEXT.editTitle}</h2>
        {dirty && <Badge variant="warning">Bản nháp chưa lưu</Badge>}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="organization-name">{ORGANIZATION_TEXT.name}</Label>
        <Input
          id="organization-name"
          value={values.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'organization-name-error' : undefined}
          onChange={(event) => change({ ...values, name: event.target.value })}
        />
        <FieldError id="organization-name-error" message={errors.name} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="organization-parent">{ORGANIZATION_TEXT.parent}</Label>
        <OrganizationPicker
          id="organization-parent"
          value={values.parent_id}
          onChange={(parent) => change({ ...values, parent_id: parent })}
          noneLabel={ORGANIZATION_TEXT.rootLevel}
          choices={parentChoices(tree.data ?? [], organization._id)}
          invalid={errors.parent_id ? true : undefined}
          describedBy={errors.parent_id ? 'organization-parent-error' : undefined}
        />
        <FieldError id="organization-parent-error" message={errors.parent_id} />
      </div>
      <p className="text-xs text-slate-500">{ORGANIZATION_TEXT.draftKept}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!dirty || busy}
          onClick={() => {
            setErrors({});
            change(saved);
          }}
        >
          <RotateCcw aria-hidden="true" />
          {ORGANIZATION_TEXT.discardDraft}
        </Button>
        <Button type="submit" size="sm" disabled={!dirty || busy}>
          {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
          {ORGANIZATION_TEXT.save}
        </Button>
      </div>
    </form>
  );
}

function OrganizationMembers({ organizationId }: { organizationId: string }) {
  const paging = useStaffPaging();
  const staff = useStaffList({
    organization_id: organizationId,
    page: paging.page,
    page_size: paging.pageSize,
  });
  return <StaffTableCard title={ORGANIZATION_TEXT.members} staff={staff} paging={paging} />;
}
