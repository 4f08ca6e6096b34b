import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageOff, Loader2 } from 'lucide-react';
import { DATA_SCOPE } from '@omnicare/shared/users/data-scope';
import type { DataScope } from '@omnicare/shared/users/data-scope';
import { powerOf, ROLE, STAFF_ROLES, type StaffRole } from '@omnicare/shared/users/roles';
import {
  DEFAULT_DATA_SCOPES,
  platformTenantConfigBody,
  tenantConfigBody,
} from '@omnicare/shared/tenants/tenants.schemas';
import type { TenantConfigView } from '@omnicare/shared/tenants/tenants.schemas';
import { CALL_TICKET_RULE, type CallTicketRule } from '@omnicare/shared/telephony/calls.schemas';
import { WRAP_UP_LIMITS } from '@omnicare/shared/telephony/wrap-up.schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { SearchCombobox } from '@/components/ui/search-combobox';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { applyFieldErrors, errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useGuardedSubmit } from '@/lib/use-guarded-submit';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useUpdateTenantConfig } from '../tenants.queries';
import { TENANT_TEXT } from '../tenants-text';
import { timeZoneOptions } from '../time-zones';

const FIELDS = [
  'name',
  'logo_url',
  'time_zone',
  'data_scopes',
  'import_export_roles',
  'workflow',
  'allow_private_webhooks',
  'call_ticket_rule',
  'call_wrap_up_seconds',
  'assign_own_tickets',
] as const;

/** Roles from the most powerful down, the order the data-scope rule reads in. */
const ROLES_BY_POWER = [...STAFF_ROLES].sort((a, b) => powerOf(b, false) - powerOf(a, false));

/**
 * The form's values. `allow_private_webhooks` only on the platform administrator's screen of a
 * tenant (`byPlatform`): the tenant's own route refuses a change of it.
 */
function defaults(config: TenantConfigView, byPlatform: boolean) {
  return {
    name: config.name,
    logo_url: config.logo_url ?? '',
    time_zone: config.time_zone,
    data_scopes: { ...DEFAULT_DATA_SCOPES, ...config.data_scopes },
    import_export_roles: [...config.import_export_roles] as StaffRole[],
    workflow: config.workflow,
    ...(byPlatform ? { allow_private_webhooks: config.allow_private_webhooks } : {}),
    call_ticket_rule: config.call_ticket_rule,
    call_wrap_up_seconds: config.call_wrap_up_seconds,
    assign_own_tickets: config.assign_own_tickets,
  };
}

function LogoPreview({ url }: { url: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const valid = /^(https?:\/\/|\/)/.test(url);
  return (
    <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
      {valid && failed !== url ? (
        <img
          src={url}
          alt="Xem trước logo"
          className="max-h-full max-w-full object-contain"
          onError={() => setFailed(url)}
        />
      ) : (
        <span className="flex flex-col items-center gap-1 px-1 text-center text-[11px] text-slate-400">
          <ImageOff className="size-5" aria-hidden="true" />
          {url && valid ? TENANT_TEXT.logoBroken : TENANT_TEXT.logoNone}
        </span>
      )}
    </div>
  );
}

/** The tenant's name, logo, time zone, data scopes and feature switches. */
export function TenantConfigForm({
  tenantId,
  config,
}: {
  /** null: the signed-in administrator's own tenant. */
  tenantId: string | null;
  config: TenantConfigView;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const byPlatform = tenantId !== null;
  const form = useForm({
    // Raw values: the server applies the schema's transforms itself.
    resolver: zodResolver(byPlatform ? platformTenantConfigBody : tenantConfigBody, undefined, {
      raw: true,
    }),
    defaultValues: defaults(config, byPlatform),
  });
  const { errors, isDirty } = form.formState;
  const update = useUpdateTenantConfig(tenantId);
  const logoUrl = useWatch({ control: form.control, name: 'logo_url' }) ?? '';

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync(values);
      form.reset(defaults(result.data, byPlatform));
      toast.success(result.message);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) toast.error(errorMessage(error));
    }
  });

  const guarded = useGuardedSubmit(onSubmit);
  const busy = update.isPending || guarded.busy;
  const leaveGuard = useUnsavedChanges(isDirty && !busy);

  return (
    <form
      noValidate
      onSubmit={guarded.submit}
      className="flex flex-col gap-4"
      aria-label="Cấu hình tenant"
    >
      <Card className="flex flex-col gap-4 p-4">
        <h2 className="text-sm font-semibold text-slate-900">{TENANT_TEXT.general}</h2>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id('name')}>{TENANT_TEXT.name}</Label>
            <Input
              id={id('name')}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${id('name')}-error` : undefined}
              {...form.register('name')}
            />
            <FieldError id={`${id('name')}-error`} message={errors.name?.message} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id('slug')}>{TENANT_TEXT.slug}</Label>
            <Input id={id('slug')} value={config.slug} readOnly disabled />
          </div>
          <div className="flex flex-col gap-1.5 md:col-span-2">
            <Label htmlFor={id('logo_url')}>{TENANT_TEXT.logo}</Label>
            <div className="flex items-start gap-3">
              <LogoPreview url={logoUrl.trim()} />
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <Input
                  id={id('logo_url')}
                  type="url"
                  placeholder="https://..."
                  aria-invalid={errors.logo_url ? true : undefined}
                  aria-describedby={`${id('logo_url')}-hint`}
                  {...form.register('logo_url')}
                />
                <p id={`${id('logo_url')}-hint`} className="text-xs text-slate-500">
                  {TENANT_TEXT.logoHint}
                </p>
                <FieldError id={`${id('logo_url')}-error`} message={errors.logo_url?.message} />
              </div>
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id('time_zone')}>{TENANT_TEXT.timeZone}</Label>
            <Controller
              control={form.control}
              name="time_zone"
              render={({ field }) => (
                <SearchCombobox
                  id={id('time_zone')}
                  clearable={false}
                  options={timeZoneOptions(field.value)}
                  value={field.value || null}
                  onChange={(next) => next && field.onChange(next)}
                  searchPlaceholder={TENANT_TEXT.timeZoneSearch}
                  invalid={errors.time_zone ? true : undefined}
                  describedBy={errors.time_zone ? `${id('time_zone')}-error` : undefined}
                />
              )}
            />
            <FieldError id={`${id('time_zone')}-error`} message={errors.time_zone?.message} />
          </div>
        </div>
      </Card>

      <Card className="flex flex-col gap-3 p-4">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">{TENANT_TEXT.dataScopes}</h2>
          <p className="mt-1 text-[13px] text-slate-500">{TENANT_TEXT.dataScopesHint}</p>
          <p className="mt-1 text-[13px] text-slate-500">{TENANT_TEXT.dataScopesRule}</p>
        </div>
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {ROLES_BY_POWER.map((role) => (
            <div key={role} className="flex flex-col gap-1.5">
              <Label htmlFor={id(`scope-${role}`)}>{ROLE.label(role)}</Label>
              <Controller
                control={form.control}
                name={`data_scopes.${role}`}
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={(next) => field.onChange(next as DataScope)}
                  >
                    <SelectTrigger id={id(`scope-${role}`)}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {DATA_SCOPE.options().map((option) => (
                        <SelectItem key={option.value} value={option.value}>
                          {option.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              <p className="text-xs text-slate-400">
                {TENANT_TEXT.defaultScope(DATA_SCOPE.label(DEFAULT_DATA_SCOPES[role]))}
              </p>
            </div>
          ))}
        </div>
        <FieldError id={`${id('data_scopes')}-error`} message={errors.data_scopes?.message} />
      </Card>

      <Card className="flex flex-col gap-3 p-4">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">{TENANT_TEXT.importExport}</h2>
          <p className="mt-1 text-[13px] text-slate-500">{TENANT_TEXT.importExportHint}</p>
        </div>
        <Controller
          control={form.control}
          name="import_export_roles"
          render={({ field }) => (
            <div
              role="group"
              aria-label={TENANT_TEXT.importExport}
              className="flex flex-wrap gap-x-6 gap-y-2"
            >
              {ROLES_BY_POWER.map((role) => {
                const roles = field.value ?? [];
                return (
                  <label key={role} className="flex items-center gap-2 text-sm text-slate-800">
                    <Checkbox
                      checked={roles.includes(role)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked === true
                            ? STAFF_ROLES.filter((one) => one === role || roles.includes(one))
                            : roles.filter((one) => one !== role),
                        )
                      }
                    />
                    {ROLE.label(role)}
                  </label>
                );
              })}
            </div>
          )}
        />
      </Card>

      <Card className="flex flex-col gap-3 p-4">
        <h2 className="text-sm font-semibold text-slate-900">{TENANT_TEXT.features}</h2>
        <Controller
          control={form.control}
          name="workflow"
          render={({ field }) => (
            <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 px-3 py-3">
              <div className="flex flex-col gap-1">
                <Label htmlFor={id('workflow')} className="flex items-center gap-2">
                  {TENANT_TEXT.workflow}
                  <Badge variant={field.value === 'enabled' ? 'success' : 'secondary'}>
                    {field.value === 'enabled' ? TENANT_TEXT.enabled : TENANT_TEXT.disabled}
                  </Badge>
                </Label>
                <p className="text-[13px] text-slate-500">{TENANT_TEXT.workflowHint}</p>
              </div>
              <Switch
                id={id('workflow')}
                checked={field.value === 'enabled'}
                onCheckedChange={(checked) => field.onChange(checked ? 'enabled' : 'disabled')}
              />
            </div>
          )}
        />
        {byPlatform ? (
          <Controller
            control={form.control}
            name="allow_private_webhooks"
            render={({ field }) => (
              <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 px-3 py-3">
                <div className="flex flex-col gap-1">
                  <Label htmlFor={id('allow_private_webhooks')}>
                    {TENANT_TEXT.privateWebhooks}
                  </Label>
                  <p className="text-[13px] text-slate-500">{TENANT_TEXT.privateWebhooksHint}</p>
                </div>
                <Switch
                  id={id('allow_private_webhooks')}
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked)}
                />
              </div>
            )}
          />
        ) : (
          <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 px-3 py-3">
            <div className="flex flex-col gap-1">
              <p className="text-sm font-medium text-slate-800">{TENANT_TEXT.privateWebhooks}</p>
              <p className="text-[13px] text-slate-500">
                {TENANT_TEXT.privateWebhooksPlatformOnly}
              </p>
            </div>
            <Badge variant={config.allow_private_webhooks ? 'success' : 'secondary'}>
              {config.allow_private_webhooks ? TENANT_TEXT.enabled : TENANT_TEXT.disabled}
            </Badge>
          </div>
        )}
        <Controller
          control={form.control}
          name="call_ticket_rule"
          render={({ field }) => {
            const rule = field.value as CallTicketRule;
            return (
              <div className="flex flex-col gap-2 rounded-lg border border-slate-200 px-3 py-3">
                <Label htmlFor={id('call_ticket_rule')}>{TENANT_TEXT.callTicketRule}</Label>
                <p className="text-[13px] text-slate-500">{TENANT_TEXT.callTicketRuleHint}</p>
                <div className="flex flex-wrap items-center gap-2">
                  <Select
                    value={rule.mode}
                    onValueChange={(mode) =>
                      field.onChange(
                        mode === 'reuse_open_within_hours'
                          ? { mode, hours: 24 }
                          : { mode: 'new_per_call' },
                      )
                    }
                  >
                    <SelectTrigger id={id('call_ticket_rule')} className="w-96 max-w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {CALL_TICKET_RULE.options().map((option) => (
                        <SelectItem key={option.value} value={option.value}>
                          {option.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  {rule.mode === 'reuse_open_within_hours' && (
                    <label className="flex items-center gap-2 text-sm text-slate-700">
                      N =
                      <Input
                        type="number"
                        min={1}
                        max={720}
                        className="w-24"
                        aria-label={TENANT_TEXT.callTicketHours}
                        value={Number.isNaN(rule.hours) ? '' : rule.hours}
                        onChange={(event) =>
                          field.onChange({ mode: rule.mode, hours: event.target.valueAsNumber })
                        }
                      />
                      {TENANT_TEXT.hours}
                    </label>
                  )}
                </div>
                <FieldError
                  id={id('call_ticket_rule-error')}
                  message={
                    (errors.call_ticket_rule as { hours?: { message?: string } } | undefined)?.hours
                      ?.message ?? errors.call_ticket_rule?.message
                  }
                />
              </div>
            );
          }}
        />
        <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 px-3 py-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor={id('call_wrap_up_seconds')}>{TENANT_TEXT.wrapUpSeconds}</Label>
            <p className="text-[13px] text-slate-500">{TENANT_TEXT.wrapUpSecondsHint}</p>
            <FieldError
              id={id('call_wrap_up_seconds-error')}
              message={errors.call_wrap_up_seconds?.message}
            />
          </div>
          <label className="flex shrink-0 items-center gap-2 text-sm text-slate-700">
            <Input
              id={id('call_wrap_up_seconds')}
              type="number"
              min={WRAP_UP_LIMITS.min}
              max={WRAP_UP_LIMITS.max}
              className="w-24"
              aria-invalid={!!errors.call_wrap_up_seconds}
              aria-describedby={id('call_wrap_up_seconds-error')}
              {...form.register('call_wrap_up_seconds', { valueAsNumber: true })}
            />
            {TENANT_TEXT.seconds}
          </label>
        </div>
        <Controller
          control={form.control}
          name="assign_own_tickets"
          render={({ field }) => (
            <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 px-3 py-3">
              <div className="flex flex-col gap-1">
                <Label htmlFor={id('assign_own_tickets')}>{TENANT_TEXT.assignOwnTickets}</Label>
                <p className="text-[13px] text-slate-500">{TENANT_TEXT.assignOwnTicketsHint}</p>
              </div>
              <Switch
                id={id('assign_own_tickets')}
                checked={field.value !== false}
                onCheckedChange={(checked) => field.onChange(checked)}
              />
            </div>
          )}
        />
      </Card>

      <div className="flex justify-end gap-2">
        <Button
          variant="outline"
          disabled={!isDirty || busy}
          onClick={() => form.reset(defaults(config, byPlatform))}
        >
          {TENANT_TEXT.reset}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
          {TENANT_TEXT.save}
        </Button>
      </div>
      {leaveGuard}
    </form>
  );
}
