import { MESSAGES } from '@omnicare/shared/platform/errors';

/**
 * Values the web app needs that packages/shared does not hold yet. Each is a candidate to move
 * there; none re-declares a shared value.
 */
export const RECORD_TABS_STORAGE_KEY = 'recordTabs';
export const RECORD_TAB_DRAFT_PREFIX = 'recordTabDraft:';
/**
 * Titles of a record tab for a 'new…' id. The spec's 'Ticket mới' is written for tickets; a new
 * customer or organization is not a ticket, so it is named for what it is.
 */
export const RECORD_TAB_NEW_TITLES = {
  ticket: 'Ticket mới',
  customer: 'Khách hàng mới',
  organization: 'Tổ chức mới',
} as const;
/** Where closing the last record tab goes when no plain page was visited (spec section 2). */
export const RECORD_TAB_FALLBACK_PATH = '/tickets';
/** Session storage: the chunk-load errors that already caused a reload (one reload each). */
export const CHUNK_RELOAD_STORAGE_KEY = 'chunkReloadedErrors';
/** The sidebar's collapsed state the user last chose (local storage, per browser). */
export const SIDEBAR_COLLAPSED_KEY = 'sidebarCollapsed';
export const HOME_PATH = '/report/summary';
/** Where a refused user goes (spec section 6). */
export const FORBIDDEN_PATH = `/page-404?${new URLSearchParams({
  title: MESSAGES.warningTitle,
  message: MESSAGES.forbiddenFeature,
}).toString()}`;
export const IN_DEVELOPMENT_LABEL = 'Đang phát triển';

/** Strings of the shared UI pieces (spec section 2) that shared does not catalogue. */
export const UI_TEXT = {
  paginationShow: 'Hiển thị',
  paginationOf: (total: number) => `trong ${total} bản ghi`,
  paginationOfMore: (total: number) => `trong hơn ${total} bản ghi`,
  paginationPage: (page: number, pages: number) => `Trang ${page}/${pages}`,
  confirmTitle: 'Are you sure?',
  confirmDescription: 'This action cannot be undone.',
  confirmAction: 'Xác nhận',
  confirmCancel: 'Hủy',
  confirmTooltip: 'Xóa',
  deleteQuestion: (name: string) => `Bạn có chắc chắn muốn xóa ${name} không?`,
  formSave: 'Lưu',
  formCancel: 'Hủy',
  errorScreenTitle: 'Something went wrong',
  errorScreenText: 'Oops! Đã có lỗi trong quá trình xử lý',
  errorScreenBack: 'Trở lại',
  showError: 'Show Error',
  hideError: 'Hide Error',
  login: 'Đăng nhập',
  continue: 'Tiếp tục',
  passwordMismatch: 'Mật khẩu nhập lại không khớp',
  loadFailed: 'Không tải được dữ liệu. Kiểm tra kết nối rồi thử lại.',
  retry: 'Thử lại',
  /** Beside a field once its change is saved (SavedMark). */
  saved: 'Đã lưu',
  unsavedTitle: 'Rời trang khi chưa lưu?',
  unsavedDescription: 'Những thay đổi chưa lưu sẽ mất.',
  unsavedLeave: 'Rời trang',
  unsavedStay: 'Ở lại',
  closeDraftTitle: (title: string) => `Đóng ${title}?`,
  closeDraftDescription: 'Bản nháp chưa lưu của tab này sẽ mất.',
  closeDraftConfirm: 'Đóng và bỏ bản nháp',
} as const;

/** The date pickers' own words (components/ui/date-picker.tsx). */
export const DATE_TEXT = {
  open: 'Chọn ngày',
  calendar: 'Lịch',
  month: 'Tháng',
  year: 'Năm',
  previousMonth: 'Tháng trước',
  nextMonth: 'Tháng sau',
  badDay: 'Ngày không hợp lệ, nhập theo dạng dd/mm/yyyy',
} as const;
