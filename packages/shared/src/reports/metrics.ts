import { PRESENCE, type Presence } from '../users/presence.js';

/**
 * The one registry of metrics. Every live tile, report, chart, drill-down and export names its
 * figures by these keys, and the server computes each key in one place, so the same metric over
 * the same rows always gives the same number wherever it is shown.
 *
 * A duration metric (`unit: 'seconds'`) is one key per statistic: `<base>_mean_s`,
 * `<base>_median_s` and `<base>_p90_s` (see `durationMetric`). Every duration is computed in
 * calendar time, or in the tenant's business hours when a report asks for them.
 */

/** `currency`: Vietnamese đồng. */
export type MetricUnit = 'count' | 'seconds' | 'percent' | 'currency';

/** What a metric counts; its drill-down lists rows of this kind. */
export type MetricRows =
  'tickets' | 'conversations' | 'messages' | 'calls' | 'agents' | 'customers' | 'imports';

export interface MetricDefinition {
  /** snake_case, stable: the key of `metrics` in every report and snapshot. */
  readonly key: string;
  /** Vietnamese label shown on tiles, columns and charts. */
  readonly label: string;
  /** The definition shown beside the figure in the interface (Vietnamese). */
  readonly definition: string;
  readonly unit: MetricUnit;
  readonly rows: MetricRows;
  /** Whether the report's business-hours switch changes this figure (durations only). */
  readonly businessTime: boolean;
  /** Only meaningful now (a snapshot), never over a range of days. */
  readonly liveOnly?: boolean;
}

type Base = Omit<MetricDefinition, 'key' | 'unit' | 'businessTime'> & { unit?: MetricUnit };

const STATISTICS = [
  ['mean', 'trung bình'],
  ['median', 'trung vị'],
  ['p90', 'p90'],
] as const;
export type DurationStatistic = (typeof STATISTICS)[number][0];

const count = (key: string, base: Base): MetricDefinition => ({
  key,
  unit: 'count',
  businessTime: false,
  ...base,
});
const percent = (key: string, base: Base): MetricDefinition => ({
  key,
  businessTime: false,
  ...base,
  unit: 'percent',
});

/** A duration measured per row: three keys, its mean, median and 90th percentile in seconds. */
function durationMetric(base: string, label: string, definition: string, rows: MetricRows) {
  return STATISTICS.map(([statistic, name]): MetricDefinition => ({
    key: `${base}_${statistic}_s`,
    label: `${label} (${name})`,
    definition,
    unit: 'seconds',
    rows,
    businessTime: true,
  }));
}

const presenceSlug = (presence: Presence) => presence.toLowerCase().replace(/\s+/g, '_');
/** `presence_available_s`: an agent's time in a presence state over a range. */
export const presenceMetricKey = (presence: Presence) => `presence_${presenceSlug(presence)}_s`;
/** `staff_available`: the active staff in a presence state now. */
export const staffPresenceKey = (presence: Presence) => `staff_${presenceSlug(presence)}`;

/** Defaults a tenant may change in its report settings. */
export const SERVICE_LEVEL_DEFAULT = { percent: 80, seconds: 20 } as const;
export const SHORT_ABANDON_DEFAULT_SECONDS = 5;

export const METRICS: readonly MetricDefinition[] = [
  // Tickets and chats (a chat is a ticket whose source is a chat channel).
  count('tickets_created', {
    label: 'Ticket tạo mới',
    definition: 'Số ticket được tạo trong khoảng thời gian, mọi nguồn.',
    rows: 'tickets',
  }),
  count('tickets_solved', {
    label: 'Ticket đã giải quyết',
    definition:
      'Số ticket chuyển sang Đã giải quyết trong khoảng thời gian (tính lần giải quyết cuối).',
    rows: 'tickets',
  }),
  count('tickets_reopened', {
    label: 'Ticket mở lại',
    definition:
      'Số lần ticket đã giải quyết hoặc đã đóng được mở lại trong khoảng thời gian (mỗi lần mở lại tính một).',
    rows: 'tickets',
  }),
  count('tickets_backlog', {
    label: 'Ticket tồn',
    definition:
      'Ticket tạo trước cuối khoảng thời gian mà đến cuối khoảng đó chưa giải quyết và chưa đóng (một con số tại một thời điểm, không cộng dồn theo ngày).',
    rows: 'tickets',
  }),
  ...durationMetric(
    'first_response',
    'Phản hồi đầu tiên',
    'Từ tin nhắn đầu tiên của khách đến câu trả lời công khai đầu tiên của nhân viên; mở lại thì tính lại từ đầu (mỗi lần mở lại là một lần phản hồi đầu mới); bot và ghi chú nội bộ không tính. Tính vào ngày có câu trả lời.',
    'tickets',
  ),
  ...durationMetric(
    'reply_time',
    'Thời gian trả lời',
    'Với mỗi khối tin nhắn liên tiếp của khách: từ tin đầu của khối đến câu trả lời công khai kế tiếp của nhân viên. Tính vào ngày có câu trả lời.',
    'tickets',
  ),
  ...durationMetric(
    'resolution',
    'Thời gian giải quyết',
    'Từ lúc tạo đến lần giải quyết cuối, trên các ticket đã giải quyết trong khoảng thời gian.',
    'tickets',
  ),
  count('sla_met', {
    label: 'Đạt SLA',
    definition:
      'Ticket có chính sách SLA được giải quyết trong khoảng thời gian mà chưa từng quá hạn mục tiêu nào.',
    rows: 'tickets',
  }),
  count('sla_breached', {
    label: 'Vi phạm SLA',
    definition: 'Ticket lần đầu quá hạn một mục tiêu SLA trong khoảng thời gian.',
    rows: 'tickets',
  }),
  percent('sla_met_pct', {
    label: 'Tỷ lệ đạt SLA',
    definition: 'Đạt SLA / (đạt + vi phạm).',
    rows: 'tickets',
  }),
  count('chats_created', {
    label: 'Hội thoại mới',
    definition: 'Hội thoại (ticket từ kênh chat) bắt đầu trong khoảng thời gian.',
    rows: 'conversations',
  }),
  count('chats_missed', {
    label: 'Hội thoại nhỡ',
    definition:
      'Hội thoại mà khách rời đi (giải quyết hoặc đóng) trước khi có câu trả lời nào của nhân viên.',
    rows: 'conversations',
  }),
  count('messages_in', {
    label: 'Tin nhắn nhận',
    definition: 'Tin nhắn của khách qua các kênh trong khoảng thời gian.',
    rows: 'messages',
  }),
  count('messages_out', {
    label: 'Tin nhắn gửi',
    definition: 'Tin nhắn công khai của nhân viên và bot gửi đi trong khoảng thời gian.',
    rows: 'messages',
  }),
  count('csat_answers', {
    label: 'Lượt đánh giá',
    definition: 'Số câu trả lời khảo sát hài lòng nhận được trong khoảng thời gian.',
    rows: 'conversations',
  }),
  percent('csat_pct', {
    label: 'Mức hài lòng',
    definition: 'Số đánh giá 4–5 sao / số câu trả lời khảo sát.',
    rows: 'conversations',
  }),
  percent('csat_answer_rate_pct', {
    label: 'Tỷ lệ trả lời khảo sát',
    definition: 'Trong các khảo sát gửi đi trong khoảng thời gian: số đã được trả lời / số đã gửi.',
    rows: 'conversations',
  }),

  // Calls.
  count('calls_offered', {
    label: 'Cuộc gọi vào',
    definition: 'Cuộc gọi vào (tới tổng đài) bắt đầu trong khoảng thời gian.',
    rows: 'calls',
  }),
  count('calls_answered', {
    label: 'Cuộc gọi được trả lời',
    definition: 'Cuộc gọi vào được nhân viên nhấc máy.',
    rows: 'calls',
  }),
  count('calls_abandoned', {
    label: 'Cuộc gọi bỏ',
    definition:
      'Cuộc gọi vào mà khách gác máy trước khi được trả lời (trong hàng chờ, IVR hoặc khi giữ máy), kể cả bỏ ngắn.',
    rows: 'calls',
  }),
  count('calls_abandoned_queue', {
    label: 'Bỏ trong hàng chờ',
    definition: 'Khách gác máy khi đang chờ trong hàng chờ.',
    rows: 'calls',
  }),
  count('calls_abandoned_ivr', {
    label: 'Bỏ trong IVR',
    definition: 'Khách gác máy trong IVR, trước khi vào hàng chờ.',
    rows: 'calls',
  }),
  count('calls_abandoned_hold', {
    label: 'Bỏ khi giữ máy',
    definition:
      'Cuộc gọi đã được trả lời mà khách gác máy khi đang được giữ máy (tổng đài báo giữ máy khi chuyên viên bấm Giữ máy).',
    rows: 'calls',
  }),
  count('calls_short_abandoned', {
    label: 'Bỏ ngắn',
    definition: `Cuộc gọi bỏ sau dưới ${SHORT_ABANDON_DEFAULT_SECONDS} giây chờ (cấu hình được): được đếm nhưng không tính vào các tỷ lệ.`,
    rows: 'calls',
  }),
  percent('service_level_pct', {
    label: 'Mức phục vụ',
    definition: `Cuộc gọi được trả lời trong ${SERVICE_LEVEL_DEFAULT.seconds} giây / (cuộc gọi vào − bỏ ngắn); mục tiêu mặc định ${SERVICE_LEVEL_DEFAULT.percent}/${SERVICE_LEVEL_DEFAULT.seconds}.`,
    rows: 'calls',
  }),
  percent('abandon_rate_pct', {
    label: 'Tỷ lệ bỏ cuộc gọi',
    definition: '(Cuộc gọi bỏ − bỏ ngắn) / (cuộc gọi vào − bỏ ngắn).',
    rows: 'calls',
  }),
  {
    key: 'asa_s',
    label: 'Thời gian trả lời trung bình (ASA)',
    definition:
      'Thời gian chờ trung bình (từ lúc gọi vào đến lúc nhấc máy) của các cuộc gọi được trả lời.',
    unit: 'seconds',
    rows: 'calls',
    businessTime: false,
  },
  {
    key: 'aht_s',
    label: 'Thời gian xử lý trung bình (AHT)',
    definition:
      '(Đàm thoại + giữ máy + xử lý sau cuộc gọi) / số cuộc gọi đã xử lý. Thời gian đàm thoại tính từ lúc nhấc máy đến lúc kết thúc nên đã gồm giữ máy.',
    unit: 'seconds',
    rows: 'calls',
    businessTime: false,
  },
  {
    key: 'acw_s',
    label: 'Thời gian xử lý sau cuộc gọi trung bình (ACW)',
    definition:
      'Thời gian trung bình chuyên viên xử lý sau cuộc gọi (từ lúc cuộc gọi kết thúc đến khi bấm Sẵn sàng hoặc hết thời gian cấu hình) của các cuộc gọi được trả lời.',
    unit: 'seconds',
    rows: 'calls',
    businessTime: false,
  },
  count('calls_outbound', {
    label: 'Cuộc gọi ra',
    definition: 'Cuộc gọi ra của nhân viên trong khoảng thời gian.',
    rows: 'calls',
  }),
  count('calls_missed', {
    label: 'Cuộc gọi nhỡ',
    definition:
      'Cuộc gọi vào không được trả lời và không có ai nhấc máy (bỏ, hết giờ chờ, hộp thư thoại).',
    rows: 'calls',
  }),
  count('callbacks', {
    label: 'Yêu cầu gọi lại',
    definition:
      'Yêu cầu gọi lại khách để lại trong khoảng thời gian. Tổng đài chưa có chức năng gọi lại nên chưa đo được (hiển thị —).',
    rows: 'calls',
  }),

  // Agents.
  count('handled', {
    label: 'Đã xử lý',
    definition:
      'Cuộc gọi vào được nhân viên trả lời, cộng ticket (kể cả hội thoại) nhân viên được giao đã giải quyết, trong khoảng thời gian.',
    rows: 'agents',
  }),
  percent('occupancy_pct', {
    label: 'Mức bận',
    definition:
      '(Thời gian đàm thoại + xử lý sau cuộc gọi) / thời gian ở trạng thái Sẵn sàng làm việc hoặc Đang soạn tin, trong khoảng thời gian.',
    rows: 'agents',
  }),
  {
    key: 'chat_concurrency_mean',
    label: 'Hội thoại đồng thời (trung bình)',
    definition:
      'Số hội thoại đang mở một nhân viên giữ cùng lúc, bình quân theo thời gian ở trạng thái Sẵn sàng làm việc.',
    unit: 'count',
    rows: 'agents',
    businessTime: false,
  },

  // Customers.
  count('customers_created', {
    label: 'Khách hàng tạo mới',
    definition: 'Hồ sơ khách hàng được tạo trong khoảng thời gian, trong phạm vi dữ liệu của bạn.',
    rows: 'customers',
  }),
  count('customer_imports', {
    label: 'Lượt nhập khách hàng',
    definition: 'Lượt nhập khách hàng từ tệp được bắt đầu trong khoảng thời gian.',
    rows: 'imports',
  }),
  count('customers_new', {
    label: 'Khách hàng mới',
    definition: 'Khách hàng có ticket, hội thoại hoặc cuộc gọi đầu tiên trong khoảng thời gian.',
    rows: 'customers',
  }),
  count('customers_returning', {
    label: 'Khách hàng quay lại',
    definition: 'Khách hàng đã từng liên hệ trước khoảng thời gian và liên hệ lại trong đó.',
    rows: 'customers',
  }),
  count('customer_contacts', {
    label: 'Lượt liên hệ',
    definition:
      'Ticket (kể cả hội thoại) và cuộc gọi vào của khách hàng bắt đầu trong khoảng thời gian.',
    rows: 'customers',
  }),
  {
    key: 'contacts_per_customer',
    label: 'Số lần liên hệ / khách',
    definition: 'Lượt liên hệ / số khách hàng đã liên hệ trong khoảng thời gian.',
    unit: 'count',
    rows: 'customers',
    businessTime: false,
  },

  // Ads: conversations that began from an ad (the referral a channel keeps), and what became of
  // them. Each stage counts conversations of the first that got that far.
  count('ad_conversations', {
    label: 'Hội thoại từ quảng cáo',
    definition:
      'Hội thoại bắt đầu trong khoảng thời gian mà tin đầu tiên của khách đến từ một quảng cáo (Messenger, WhatsApp).',
    rows: 'conversations',
  }),
  count('ad_conversations_answered', {
    label: 'Được trả lời',
    definition: 'Hội thoại từ quảng cáo có ít nhất một trả lời công khai của nhân viên.',
    rows: 'conversations',
  }),
  count('ad_conversations_ticketed', {
    label: 'Thành ticket',
    definition:
      'Hội thoại từ quảng cáo mà khách hàng có ticket (ngoài kênh chat) tạo từ lúc hội thoại bắt đầu đến cuối khoảng thời gian.',
    rows: 'conversations',
  }),
  count('ad_conversations_solved', {
    label: 'Ticket đã giải quyết',
    definition:
      'Hội thoại từ quảng cáo đã thành ticket mà ticket đó đã được giải quyết hoặc đóng đến cuối khoảng thời gian.',
    rows: 'conversations',
  }),
  {
    key: 'ad_spend',
    label: 'Chi phí quảng cáo',
    definition:
      'Chi phí quảng cáo đã tải lên (CSV) cho khoảng thời gian; một dòng trải trên nhiều ngày được chia đều theo ngày.',
    unit: 'currency',
    rows: 'conversations',
    businessTime: false,
  },
  {
    key: 'cost_per_ad_conversation',
    label: 'Chi phí / hội thoại',
    definition: 'Chi phí quảng cáo / số hội thoại từ quảng cáo.',
    unit: 'currency',
    rows: 'conversations',
    businessTime: false,
  },

  // Agents' time in each presence state (the presence log), clipped to the range.
  ...PRESENCE.values.map((presence): MetricDefinition => ({
    key: presenceMetricKey(presence),
    label: `Thời gian ${PRESENCE.label(presence)}`,
    definition: `Tổng thời gian nhân viên ở trạng thái “${PRESENCE.label(presence)}” trong khoảng thời gian.`,
    unit: 'seconds',
    rows: 'agents',
    businessTime: false,
  })),

  // Now (monitors).
  count('staff_active', {
    label: 'Nhân viên đang hoạt động',
    definition: 'Tài khoản nhân viên đang hoạt động (đã nhận lời mời), ngay lúc này.',
    rows: 'agents',
    liveOnly: true,
  }),
  ...PRESENCE.values.map((presence) =>
    count(staffPresenceKey(presence), {
      label: `Nhân viên ${PRESENCE.label(presence)}`,
      definition: `Nhân viên đang hoạt động ở trạng thái “${PRESENCE.label(presence)}”, ngay lúc này.`,
      rows: 'agents',
      liveOnly: true,
    }),
  ),
  count('waiting_now', {
    label: 'Đang chờ',
    definition: 'Cuộc gọi trong hàng chờ hoặc hội thoại chưa có nhân viên nhận, ngay lúc này.',
    rows: 'calls',
    liveOnly: true,
  }),
  {
    key: 'longest_wait_s',
    label: 'Chờ lâu nhất',
    definition: 'Thời gian chờ của cuộc gọi hoặc hội thoại đang chờ lâu nhất, ngay lúc này.',
    unit: 'seconds',
    rows: 'calls',
    businessTime: false,
    liveOnly: true,
  },
  count('calls_in_progress', {
    label: 'Đang đàm thoại',
    definition: 'Cuộc gọi đang đổ chuông, đang nói chuyện hoặc đang giữ máy, ngay lúc này.',
    rows: 'calls',
    liveOnly: true,
  }),
  count('conversations_waiting', {
    label: 'Hội thoại đang chờ',
    definition:
      'Hội thoại chưa giải quyết mà tin cuối là của khách và chưa được nhân viên trả lời, ngay lúc này.',
    rows: 'conversations',
    liveOnly: true,
  }),
  count('conversations_unassigned', {
    label: 'Chưa phân công',
    definition: 'Hội thoại chưa giải quyết chưa có nhân viên phụ trách, ngay lúc này.',
    rows: 'conversations',
    liveOnly: true,
  }),
  count('chats_open_now', {
    label: 'Hội thoại đang giữ',
    definition:
      'Hội thoại chưa giải quyết mà nhân viên đang phụ trách, ngay lúc này (so với sức chứa).',
    rows: 'conversations',
    liveOnly: true,
  }),
  count('agents_available', {
    label: 'Nhân viên sẵn sàng',
    definition: 'Nhân viên ở trạng thái AVAILABLE, ngay lúc này.',
    rows: 'agents',
    liveOnly: true,
  }),
];

const BY_KEY = new Map(METRICS.map((metric) => [metric.key, metric]));

export type MetricKey = string;

export function metricOf(key: string): MetricDefinition | undefined {
  return BY_KEY.get(key);
}

export function isMetricKey(key: unknown): key is MetricKey {
  return typeof key === 'string' && BY_KEY.has(key);
}
