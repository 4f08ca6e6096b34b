import { labelled } from '../platform/labelled.js';

export const CALL_STATUSES = [
  'ANSWERING',
  'QUEUEING',
  'RINGING',
  'MUTING',
  'HOLDING',
  'DIALING',
  'ENDED',
  'FAILED',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
/** The first six statuses count as an active call. */
export const ACTIVE_CALL_STATUSES: readonly CallStatus[] = CALL_STATUSES.slice(0, 6);
export const isCallActive = (status: CallStatus | null | undefined): boolean =>
  !!status && ACTIVE_CALL_STATUSES.includes(status);

export const CALL_DEVICE_TYPE = labelled({
  0: 'Trình duyệt web',
  1: 'SIP phone',
  2: 'SIP phone chưa đăng nhập',
  3: 'Số điện thoại',
  5: 'Ứng dụng di động',
});
export type CallDeviceType = (typeof CALL_DEVICE_TYPE.values)[number];

export const CALL_DIRECTION = labelled({
  CALL_INBOUND: 'Cuộc gọi từ',
  CALL_OUTBOUND: 'Cuộc gọi ra',
});
export type CallDirection = (typeof CALL_DIRECTION.values)[number];

export const CALL_FORWARD_ACTION = labelled({
  invite: 'Mời chuyên viên tham gia',
  transfer: 'Chuyển cho chuyên viên',
  transferACD: 'Chuyển vào hàng chờ (ACD)',
  transferIVR: 'Chuyển vào IVR',
});
export type CallForwardAction = (typeof CALL_FORWARD_ACTION.values)[number];
