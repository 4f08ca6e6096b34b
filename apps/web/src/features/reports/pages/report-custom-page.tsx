import { METRICS } from '@omnicare/shared/reports/metrics';
import { CUSTOM_REPORT_DEFAULTS, REPORT_DIMENSION } from '@omnicare/shared/reports/reports.schemas';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchCombobox } from '@/components/ui/search-combobox';
import { ReportFrame } from '../components/report-frame';
import { SavedReportsBar } from '../components/saved-reports';

/** Metrics over a range (live ones are the monitors'). */
const METRIC_OPTIONS = METRICS.filter((metric) => !metric.liveOnly).map((metric) => ({
  value: metric.key,
  label: metric.label,
}));
const MAX_METRICS = 12;

/**
 * /report/custom: any metrics of the registry (up to 12) by any dimension (day, hour, channel,
 * department, agent, queue, hotline, tag, customer), with every figure opening its rows. The
 * choice lives in the address (a link shares it) and can be saved by name, one's own or shared.
 */
export function ReportCustomPage() {
  return (
    <ReportFrame
      report="custom"
      filters={['source', 'group', 'agent', 'queue', 'tag', 'priority']}
      businessHours
      controls={(params, onChange) => {
        const chosen = params.metrics?.split(',') ?? [...CUSTOM_REPORT_DEFAULTS.metrics];
        return (
          <Card className="flex flex-col gap-3 p-3" aria-label="Nội dung báo cáo">
            <SavedReportsBar params={params} onChange={onChange} />
            <div className="grid gap-3 md:grid-cols-[1fr_16rem]">
              <div className="flex min-w-0 flex-col gap-1">
                <span className="text-xs font-medium text-slate-500">
                  Chỉ số (tối đa {MAX_METRICS})
                </span>
                <SearchCombobox
                  multiple
                  aria-label="Chỉ số"
                  options={METRIC_OPTIONS}
                  value={chosen}
                  maxChips={6}
                  clearable={false}
                  onChange={(values) =>
                    values.length > 0 &&
                    onChange({ metrics: values.slice(0, MAX_METRICS).join(',') })
                  }
                />
              </div>
              <label className="flex flex-col gap-1">
                <span className="text-xs font-medium text-slate-500">Chiều phân tích</span>
                <NativeSelect
                  aria-label="Chiều phân tích"
                  value={params.dimension ?? CUSTOM_REPORT_DEFAULTS.dimension}
                  onChange={(event) => onChange({ dimension: event.target.value })}
                >
                  {REPORT_DIMENSION.options().map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </label>
            </div>
          </Card>
        );
      }}
    />
  );
}
