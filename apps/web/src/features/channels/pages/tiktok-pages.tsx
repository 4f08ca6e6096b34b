import { Info } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { usePageHandle } from '@/lib/route-declaration';
import { TIKTOK_TEXT as TEXT } from '../channels-text';

/** Where TikTok would send the administrator back after its OAuth consent. */
const redirectUri = () => `${window.location.origin}/tiktok-redirect`;

/**
 * /settings/multi-channels/tiktok: TikTok has no driver yet. The connection settings it will
 * need are shown, disabled, and the page says plainly that it cannot be connected.
 */
export function TiktokSettingsPage() {
  const title = usePageHandle().title || 'Kênh TikTok';
  const fields = [
    { id: 'tiktok-client-key', label: TEXT.clientKey, value: '' },
    { id: 'tiktok-client-secret', label: TEXT.clientSecret, value: '' },
    { id: 'tiktok-redirect-uri', label: TEXT.redirectUri, value: redirectUri() },
  ];
  return (
    <div className="flex flex-col gap-4">
      <SettingsGroupNav group="channels" />
      <PageHeader title={title} actions={<Badge variant="warning">{TEXT.notYet}</Badge>} />
      <Card className="flex items-start gap-3 border-amber-200 bg-amber-50 p-4" role="status">
        <Info className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <p className="text-sm text-amber-900">{TEXT.explain}</p>
      </Card>
      <Card className="flex max-w-2xl flex-col gap-4 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold text-slate-900">{TEXT.settings}</h2>
          <Badge variant="secondary">{TEXT.unavailable}</Badge>
        </div>
        {fields.map((field) => (
          <div key={field.id} className="flex flex-col gap-1.5">
            <Label htmlFor={field.id}>{field.label}</Label>
            <Input id={field.id} value={field.value} disabled readOnly />
          </div>
        ))}
      </Card>
    </div>
  );
}
