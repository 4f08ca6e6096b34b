import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Download, FileSpreadsheet, Loader2, Upload, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { isApiError } from '@/lib/errors';
import type {
  DuplicateMode,
  ImportMapping,
  ImportPreview,
} from '@omnicare/shared/customers/customer-import.schemas';
import type { Job } from '@omnicare/shared/jobs/jobs.schemas';
import {
  downloadImportSample,
  downloadJobFile,
  previewImport,
  startImport,
} from '../customers.api';
import { IMPORT_TEXT } from '../customers-text';
import { ImportMappingStep } from './import-mapping-step';
import { ProgressBar } from './progress-bar';
import { importCounts, isJobActive } from './use-job';

const STEPS = [
  IMPORT_TEXT.stepUpload,
  IMPORT_TEXT.stepMapping,
  IMPORT_TEXT.stepProgress,
  IMPORT_TEXT.stepResult,
];

function Steps({ current }: { current: number }) {
  return (
    <ol className="flex flex-wrap gap-x-4 gap-y-1 text-xs font-medium text-slate-500">
      {STEPS.map((step, index) => (
        <li
          key={step}
          aria-current={index === current ? 'step' : undefined}
          className={cn('flex items-center gap-1.5', index === current && 'text-teal-800')}
        >
          <span
            className={cn(
              'flex size-5 items-center justify-center rounded-full border text-[11px]',
              index < current && 'border-teal-700 bg-teal-700 text-white',
              index === current && 'border-teal-700 text-teal-800',
              index > current && 'border-slate-300',
            )}
          >
            {index + 1}
          </span>
          {step}
        </li>
      ))}
    </ol>
  );
}

function UploadStep({
  onPreview,
}: {
  onPreview: (preview: ImportPreview, fileName: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const sample = useMutation({ mutationFn: downloadImportSample });
  const upload = useMutation({
    mutationFn: previewImport,
    onSuccess: (preview, file) => onPreview(preview, file.name),
    onError: (failure) => {
      if (isApiError(failure)) setError(failure.fieldErrors[0]?.message ?? failure.message);
    },
  });
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-slate-300 px-4 py-10 text-center">
      <FileSpreadsheet className="size-10 text-teal-700" aria-hidden="true" />
      <p className="text-sm text-slate-600">{IMPORT_TEXT.uploadHint}</p>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="sr-only"
        aria-label={IMPORT_TEXT.chooseFile}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setError(null);
          upload.mutate(file);
        }}
      />
      <Button onClick={() => input.current?.click()} disabled={upload.isPending}>
        {upload.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Upload />}
        {upload.isPending ? IMPORT_TEXT.uploading : IMPORT_TEXT.chooseFile}
      </Button>
      <FieldError id="import-file-error" message={error ?? undefined} />
      <p className="flex flex-wrap items-center justify-center gap-x-2 text-xs text-slate-500">
        {IMPORT_TEXT.sampleHint}
        {(['xlsx', 'csv'] as const).map((format) => (
          <Button
            key={format}
            variant="link"
            size="sm"
            className="h-auto px-0 text-xs"
            disabled={sample.isPending}
            onClick={() => sample.mutate(format)}
          >
            <Download aria-hidden="true" />
            {format === 'xlsx' ? IMPORT_TEXT.sampleXlsx : IMPORT_TEXT.sampleCsv}
          </Button>
        ))}
      </p>
    </div>
  );
}

function ResultStep({
  job,
  onAgain,
  onClose,
}: {
  job: Job;
  onAgain: () => void;
  onClose: () => void;
}) {
  const counts = importCounts(job);
  const [downloading, setDownloading] = useState(false);
  const failed = job.status === 'failed';
  const items = [
    [IMPORT_TEXT.total, counts.total, 'text-slate-900'],
    [IMPORT_TEXT.created, counts.created, 'text-emerald-700'],
    [IMPORT_TEXT.updated, counts.updated, 'text-sky-700'],
    [IMPORT_TEXT.skipped, counts.skipped, 'text-amber-700'],
    [IMPORT_TEXT.failed, counts.failed, 'text-red-700'],
  ] as const;
  return (
    <div className="flex flex-col gap-4">
      {failed ? (
        <p className="flex items-center gap-2 text-sm text-red-700">
          <XCircle className="size-5" aria-hidden="true" />
          {job.error || IMPORT_TEXT.jobFailed}
        </p>
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm font-medium text-emerald-700">
            <CheckCircle2 className="size-5" aria-hidden="true" />
            {IMPORT_TEXT.done}
          </p>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5" aria-label={IMPORT_TEXT.stepResult}>
            {items.map(([label, value, color]) => (
              <div key={label} className="rounded-lg border border-slate-200 px-3 py-2">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className={cn('text-xl font-semibold tabular-nums', color)}>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onAgain}>
          {IMPORT_TEXT.newImport}
        </Button>
        {job.download_url && (
          <Button
            variant="outline"
            disabled={downloading}
            onClick={() => {
              setDownloading(true);
              void downloadJobFile(job.download_url ?? '', IMPORT_TEXT.reportName)
                .catch(() => undefined)
                .finally(() => setDownloading(false));
            }}
          >
            {downloading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download />}
            {IMPORT_TEXT.downloadReport}
          </Button>
        )}
        <Button onClick={onClose}>{IMPORT_TEXT.close}</Button>
      </div>
    </div>
  );
}

export interface ImportWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The import job being followed (started here or resumed after a reload). */
  job: Job | undefined;
  jobId: string | null;
  onJobStarted: (job: Job) => void;
  /** Forgets the finished job to start another import. */
  onReset: () => void;
}

/** 'Nhập khách hàng': upload, mapping with preview and duplicate choice, progress, result. */
export function ImportWizard({
  open,
  onOpenChange,
  job,
  jobId,
  onJobStarted,
  onReset,
}: ImportWizardProps) {
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  // The chosen file's name: the imported customers' timelines name it.
  const [fileName, setFileName] = useState<string>();
  const start = useMutation({
    mutationFn: ({ mapping, duplicate }: { mapping: ImportMapping; duplicate: DuplicateMode }) =>
      startImport({ file_id: preview?.file_id ?? '', file_name: fileName, mapping, duplicate }),
    onSuccess: (started) => {
      setPreview(null);
      onJobStarted(started);
    },
  });
  const step = jobId ? (job && !isJobActive(job) ? 3 : 2) : preview ? 1 : 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{IMPORT_TEXT.title}</DialogTitle>
          <DialogDescription className="sr-only">{IMPORT_TEXT.uploadHint}</DialogDescription>
        </DialogHeader>
        <Steps current={step} />
        {step === 0 && (
          <UploadStep
            onPreview={(answer, name) => {
              setPreview(answer);
              setFileName(name);
            }}
          />
        )}
        {step === 1 && preview && (
          <ImportMappingStep
            preview={preview}
            pending={start.isPending}
            onBack={() => setPreview(null)}
            onStart={(mapping, duplicate) => start.mutate({ mapping, duplicate })}
          />
        )}
        {step === 2 && (
          <div className="flex flex-col gap-3 py-4">
            <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <Loader2 className="size-4 animate-spin text-teal-700" aria-hidden="true" />
              {IMPORT_TEXT.running}
            </p>
            <ProgressBar percent={job?.percent ?? 0} label={IMPORT_TEXT.stepProgress} />
            <p className="text-sm text-slate-600 tabular-nums">
              {job ? `${job.percent}% · ${IMPORT_TEXT.progress(job.processed, job.total)}` : '0%'}
            </p>
            <p className="text-xs text-slate-500">{IMPORT_TEXT.resumeHint}</p>
          </div>
        )}
        {step === 3 && job && (
          <ResultStep job={job} onAgain={onReset} onClose={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
