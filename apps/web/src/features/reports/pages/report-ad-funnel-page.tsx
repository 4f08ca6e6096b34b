import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Upload } from 'lucide-react';
import { formatCalendarDay } from '@omnicare/shared/platform/time';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useCan } from '@/lib/use-can';
import { ReportFrame } from '../components/report-frame';
import { uploadAdSpend, type ReportParams } from '../reports.api';
import { reportKeys } from '../reports.queries';

export const AD_SPEND_TEXT = {
  upload: 'Tải lên chi phí (CSV)',
  hint: (params: ReportParams) =>
    `Tệp CSV hoặc XLSX có cột ad_id và spend (đồng), cột date tùy chọn; dòng không có ngày được tính cho ${formatCalendarDay(params.from)} – ${formatCalendarDay(params.to)}.`,
  done: (lines: number) => `Đã tải lên ${lines} dòng chi phí quảng cáo`,
} as const;

/** Managers upload what the ads cost, for the cost per conversation. */
function SpendUpload({ params }: { params: ReportParams }) {
  const allowed = useCan('report.ad_spend');
  const input = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => uploadAdSpend(file, { from: params.from, to: params.to }),
    onSuccess: (stored) => {
      toast.success(AD_SPEND_TEXT.done(stored.lines));
      void client.invalidateQueries({ queryKey: reportKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
    meta: { silent: true },
  });
  if (!allowed) return null;
  return (
    <Card className="flex flex-wrap items-center gap-3 p-3 text-sm text-slate-600">
      <Button
        variant="outline"
        size="sm"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        {upload.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Upload />}
        {AD_SPEND_TEXT.upload}
      </Button>
      <span className="min-w-0 flex-1">{AD_SPEND_TEXT.hint(params)}</span>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx"
        aria-label={AD_SPEND_TEXT.upload}
        className="hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = '';
        }}
      />
    </Card>
  );
}

/**
 * /report/ad-funnel: conversations begun from an ad → answered → a ticket → solved, per ad
 * (named with its page), with the uploaded spend and the cost per conversation.
 */
export function ReportAdFunnelPage() {
  return (
    <ReportFrame
      report="ad-funnel"
      filters={['source', 'group', 'agent']}
      controls={(params) => <SpendUpload params={params} />}
    />
  );
}
