import { describe, expect, it } from 'vitest';
import { httpStatusMessage, networkErrorMessage, fieldErrorFallback } from './errors.js';
import { ROLE, STAFF_ROLES, isAdministrator } from '../users/roles.js';
import { PRESENCE } from '../users/presence.js';
import { CUSTOMER_TIER, GENDER } from '../customers/customer-enums.js';
import { CHANNEL_SOURCE } from '../channels/channel-source.js';
import { ACTIVE_CALL_STATUSES, CALL_DEVICE_TYPE, isCallActive } from '../telephony/call-enums.js';
import {
  DISABLED_WORKFLOW_BLOCK_TYPES,
  WORKFLOW_RUN_STATUS,
  WORKFLOW_STATUS,
  workflowTargetLabel,
} from '../automation/workflow-enums.js';
import { PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE, API_VERSION } from './constants.js';

describe('error catalogue (spec section 8)', () => {
  it('maps HTTP statuses to their messages with a default for others', () => {
    expect(httpStatusMessage(400)).toBe('Dữ liệu gửi lên không hợp lệ');
    expect(httpStatusMessage(401)).toBe('Bạn không có quyền truy cập');
    expect(httpStatusMessage(403)).toBe('Bạn không có quyền truy cập');
    expect(httpStatusMessage(404)).toBe('Kiểm tra URL hoặc endpoint có đúng không!');
    expect(httpStatusMessage(429)).toBe(
      'Gửi quá nhiều yêu cầu đồng thời, vui lòng thử lại sau ít phút!',
    );
    expect(httpStatusMessage(504)).toBe('Server đang bận, vui lòng thử lại sau!');
    expect(httpStatusMessage(418)).toBe('Đã xảy ra lỗi trong quá trình thực hiện');
  });

  it('maps network failures by axios code with an unknown fallback', () => {
    expect(networkErrorMessage('ECONNABORTED')).toBe('Request bị timeout');
    expect(networkErrorMessage('ERR_NETWORK')).toBe('Lỗi kết nối mạng');
    expect(networkErrorMessage('ERR_CANCELED')).toBe('Request bị hủy');
    expect(networkErrorMessage('ERR_FR_TOO_MANY_REDIRECTS')).toBe('Quá nhiều redirect');
    expect(networkErrorMessage('ERR_INVALID_URL')).toBe('URL không hợp lệ');
    expect(networkErrorMessage('SOMETHING')).toBe('Lỗi không xác định');
  });

  it('has the 422 fallback wording', () => {
    expect(fieldErrorFallback('email')).toBe('email field is not a valid');
  });
});

describe('enumerations (spec section 3)', () => {
  it('labels roles and lists the four staff roles', () => {
    expect(ROLE.label('agent')).toBe('Chuyên viên');
    expect(ROLE.label('team_leader')).toBe('Trưởng bộ phận');
    expect(ROLE.label('end_user')).toBe('Khách hàng');
    expect([...STAFF_ROLES].sort()).toEqual([
      'administrator',
      'agent',
      'supervisor',
      'team_leader',
    ]);
    expect(isAdministrator('administrator')).toBe(true);
    expect(isAdministrator('supervisor')).toBe(false);
  });

  it('labels presence values', () => {
    expect(PRESENCE.values).toHaveLength(10);
    expect(PRESENCE.label('AVAILABLE')).toBe('Sẵn sàng làm việc');
    expect(PRESENCE.label('NOACD')).toBe('Sẵn sàng NoACD');
    expect(PRESENCE.label('ATLUNCH')).toBe('Ăn trưa');
  });

  it('keeps numeric codes numeric', () => {
    expect(CUSTOMER_TIER.values).toEqual([0, 1, 2, 3]);
    expect(CUSTOMER_TIER.label(3)).toBe('Kim cương');
    expect(CALL_DEVICE_TYPE.values).toEqual([0, 1, 2, 3, 5]);
    expect(CALL_DEVICE_TYPE.is(4)).toBe(false);
    expect(GENDER.label('female')).toBe('Nữ');
  });

  it('shows web and chat both as Livechat', () => {
    expect(CHANNEL_SOURCE.label('web')).toBe('Livechat');
    expect(CHANNEL_SOURCE.label('chat')).toBe('Livechat');
    expect(CHANNEL_SOURCE.label('hand')).toBe('Thủ công');
    expect(CHANNEL_SOURCE.label('api')).toBe('Từ CRM');
  });

  it('counts the first six call statuses as active', () => {
    expect(ACTIVE_CALL_STATUSES).toEqual([
      'ANSWERING',
      'QUEUEING',
      'RINGING',
      'MUTING',
      'HOLDING',
      'DIALING',
    ]);
    expect(isCallActive('ENDED')).toBe(false);
    expect(isCallActive('FAILED')).toBe(false);
    expect(isCallActive('HOLDING')).toBe(true);
  });

  it('labels workflow statuses, run statuses and targets', () => {
    expect(WORKFLOW_STATUS.label('draft')).toBe('Bản nháp');
    expect(WORKFLOW_STATUS.label('active')).toBe('Hoạt động');
    expect(WORKFLOW_STATUS.label('inactive')).toBe('Không hoạt động');
    expect(WORKFLOW_RUN_STATUS.label('cancel')).toBe('Hủy');
    expect(workflowTargetLabel('tickets')).toBe('Ticket');
    expect(workflowTargetLabel('conversations')).toBe('Chat');
    expect(DISABLED_WORKFLOW_BLOCK_TYPES).toContain('callbot');
    expect(DISABLED_WORKFLOW_BLOCK_TYPES).not.toContain('send_email');
  });
});

describe('constants (spec section 9)', () => {
  it('has the paging defaults and API version', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 20, 30, 40, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(API_VERSION).toBe('2.0');
  });
});
