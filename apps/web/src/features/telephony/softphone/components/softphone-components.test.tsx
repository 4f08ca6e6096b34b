import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { queueView } from '@omnicare/shared/telephony/queues.schemas';
import { staffSearchView } from '@omnicare/shared/users/users.schemas';
import { createQueryClient } from '@/test/query-client';
import { fixture } from '@/test/contract-fixtures';
import { queueRecord, staffUser } from '@/test/view-fixtures';
import { useCallStore } from '../call-store';
import { Dialpad, SoftphoneHeader } from './softphone-header';
import { IncomingCallPopup } from './incoming-call-popup';
import { InCallPanel, type InCallActions } from './in-call-panel';

const users = vi.hoisted(() => ({ fetchStaffPage: vi.fn() }));
vi.mock('@/features/users/users.api', () => users);
const telephony = vi.hoisted(() => ({ listQueues: vi.fn(), listCalls: vi.fn() }));
vi.mock('../../telephony.api', () => telephony);

const state = () => useCallStore.getState();
const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(() => {
  state().resetAll();
  users.fetchStaffPage.mockResolvedValue(
    fixture('GET /v2/all-user', staffSearchView, {
      list: [
        staffUser({ _id: 'u2', name: 'Lê Thu Hà', sip_username: 'ha' }),
        staffUser({ _id: 'u3', name: 'Trần Minh', sip_username: null }),
      ],
      total: 2,
    }),
  );
  telephony.listQueues.mockResolvedValue(
    fixture('GET /v2/queues', z.array(queueView), [
      queueRecord({ _id: 'q1', name: 'CSKH', hotlines: ['19001234'] }),
    ]),
  );
});

describe('Dialpad', () => {
  it('calls a pasted +84 number in its 0 form once registered', async () => {
    state().setConnection('registered');
    const onCall = vi.fn(() => true);
    wrap(<Dialpad onCall={onCall} />);
    const input = screen.getByTestId('dialpad-input');
    await userEvent.click(input);
    await userEvent.paste('+84 912 345 678');
    expect(screen.getByTestId('dialpad-normalized')).toHaveTextContent('0912345678');
    await userEvent.click(screen.getByTestId('dialpad-call'));
    expect(onCall).toHaveBeenCalledWith('0912345678');
    expect(input).toHaveValue('');
  });

  it('types with its keys, and cannot call before registration', async () => {
    state().setConnection('unreachable');
    wrap(<Dialpad onCall={vi.fn()} />);
    for (const key of ['0', '9', '1'])
      await userEvent.click(screen.getByTestId(`dialpad-key-${key}`));
    expect(screen.getByTestId('dialpad-input')).toHaveValue('091');
    expect(screen.getByTestId('dialpad-call')).toBeDisabled();
    expect(screen.getByText('Không kết nối được tổng đài')).toBeInTheDocument();
  });

  it('toggles auto-answer in the store', async () => {
    wrap(<Dialpad onCall={vi.fn()} />);
    await userEvent.click(screen.getByTestId('softphone-auto-answer'));
    expect(state().isAutoAnswer).toBe(true);
  });

  it('the header part shows nothing without a SIP account, the state with one', () => {
    const { rerender } = wrap(<SoftphoneHeader onCall={vi.fn()} />);
    expect(screen.queryByTestId('softphone-toggle')).toBeNull();
    act(() => state().setConnection('unreachable', { hasSipAccount: true }));
    rerender(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <SoftphoneHeader onCall={vi.fn()} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('softphone-connection')).toHaveAttribute('data-state', 'unreachable');
  });
});

describe('IncomingCallPopup', () => {
  it('shows the known customer and answers or rejects', async () => {
    const onAnswer = vi.fn();
    const onReject = vi.fn();
    wrap(<IncomingCallPopup onAnswer={onAnswer} onReject={onReject} />);
    expect(screen.queryByTestId('incoming-call-popup')).toBeNull();
    act(() => {
      state().beginCall({
        direction: 'incoming',
        number: '0912345678',
        callId: 'c1',
        callStatus: 'RINGING',
      });
      state().setCaller({
        name: 'Nguyễn Văn An',
        avatar: null,
        gender: 'male',
        dob: '1990-05-01',
        numberPhone: '0912345678',
        group: 'Khách VIP',
        customerNumber: 7,
      });
    });
    expect(screen.getByTestId('incoming-caller-name')).toHaveTextContent('Nguyễn Văn An');
    expect(screen.getByTestId('incoming-caller-number')).toHaveTextContent('0912 345 678');
    expect(screen.getByTestId('incoming-caller-gender')).toHaveTextContent('Nam');
    expect(screen.getByTestId('incoming-caller-dob')).toHaveTextContent('01/05/1990');
    expect(screen.getByTestId('incoming-caller-group')).toHaveTextContent('Khách VIP');
    await userEvent.click(screen.getByTestId('incoming-answer'));
    await userEvent.click(screen.getByTestId('incoming-reject'));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onReject).toHaveBeenCalledTimes(1);
  });

  it("an unknown number is 'Khách hàng mới'", () => {
    state().beginCall({
      direction: 'incoming',
      number: '0987000111',
      callId: 'c2',
      callStatus: 'RINGING',
    });
    wrap(<IncomingCallPopup onAnswer={vi.fn()} onReject={vi.fn()} />);
    expect(screen.getByTestId('incoming-caller-name')).toHaveTextContent('Khách hàng mới');
  });
});

describe('InCallPanel', () => {
  const actions = (): InCallActions => ({
    onHangup: vi.fn(),
    onToggleMute: vi.fn(),
    onToggleHold: vi.fn(),
    onDtmf: vi.fn(),
    onTransfer: vi.fn(async () => true),
    onInvite: vi.fn(async () => true),
    onEndConference: vi.fn(),
  });

  function answered() {
    state().beginCall({
      direction: 'outgoing',
      number: '0912345678',
      callId: 'c3',
      callStatus: 'DIALING',
    });
    state().acceptCall(null, Date.now() - 65_000);
  }

  it('shows the timer and drives mute, hold, DTMF and hang up', async () => {
    answered();
    const handlers = actions();
    wrap(<InCallPanel {...handlers} />);
    expect(screen.getByTestId('in-call-timer')).toHaveTextContent('01:05');
    expect(screen.getByTestId('in-call-status')).toHaveTextContent('Đang đàm thoại');
    await userEvent.click(screen.getByTestId('in-call-mute'));
    await userEvent.click(screen.getByTestId('in-call-hold'));
    await userEvent.click(screen.getByTestId('in-call-dtmf'));
    await userEvent.click(screen.getByTestId('in-call-dtmf-key-5'));
    await userEvent.click(screen.getByTestId('in-call-dtmf-key-hash'));
    expect(screen.getByTestId('in-call-dtmf-tones')).toHaveTextContent('5#');
    await userEvent.click(screen.getByTestId('in-call-hangup'));
    expect(handlers.onToggleMute).toHaveBeenCalled();
    expect(handlers.onToggleHold).toHaveBeenCalled();
    expect(handlers.onDtmf).toHaveBeenCalledWith('5');
    expect(handlers.onDtmf).toHaveBeenCalledWith('#');
    expect(handlers.onHangup).toHaveBeenCalled();
  });

  it('transfers to an agent or a queue, invites an agent; IVR says it is not configured', async () => {
    answered();
    const handlers = actions();
    wrap(<InCallPanel {...handlers} />);
    await userEvent.click(screen.getByTestId('in-call-transfer'));
    await userEvent.click(await screen.findByTestId('transfer-agent-ha'));
    expect(handlers.onTransfer).toHaveBeenCalledWith('ha');
    expect(await screen.findByTestId('transfer-result')).toHaveTextContent('Đã chuyển cuộc gọi');
    await userEvent.click(screen.getByTestId('transfer-action-transferACD'));
    await userEvent.click(await screen.findByTestId('transfer-queue-q1'));
    expect(handlers.onTransfer).toHaveBeenCalledWith('19001234');
    await userEvent.click(screen.getByTestId('transfer-action-invite'));
    await userEvent.click(await screen.findByTestId('invite-agent-ha'));
    expect(handlers.onInvite).toHaveBeenCalledWith('ha');
    expect(await screen.findByTestId('transfer-result')).toHaveTextContent('ha đã tham gia');
    await userEvent.click(screen.getByTestId('transfer-action-transferIVR'));
    expect(screen.getByTestId('transfer-ivr-unavailable')).toHaveTextContent('Chưa cấu hình IVR');
  });

  it('shows the 3-way call and ends it', async () => {
    answered();
    const handlers = actions();
    wrap(<InCallPanel {...handlers} />);
    expect(screen.queryByTestId('in-call-conference')).toBeNull();
    act(() => state().patch({ conferenceWith: 'ha' }));
    expect(screen.getByTestId('in-call-conference')).toHaveTextContent('Gọi 3 bên với ha');
    await userEvent.click(screen.getByTestId('in-call-conference-end'));
    expect(handlers.onEndConference).toHaveBeenCalled();
  });

  it('is dragged by its handle and remembers where (positionInCall)', () => {
    answered();
    wrap(<InCallPanel {...actions()} />);
    const panel = screen.getByTestId('in-call-panel');
    expect(panel).toHaveStyle({ right: '50px', top: '72px' });
    const handle = screen.getByTestId('in-call-drag-handle');
    fireEvent.pointerDown(handle, { clientX: 500, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 400, clientY: 180, pointerId: 1 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(state().positionInCall).toEqual({ x: 150, y: 80 });
    expect(panel).toHaveStyle({ right: '150px', top: '152px' });
  });

  it('is hidden while an incoming call only rings, and after the call', async () => {
    state().beginCall({
      direction: 'incoming',
      number: '0912',
      callId: 'c4',
      callStatus: 'RINGING',
    });
    wrap(<InCallPanel {...actions()} />);
    expect(screen.queryByTestId('in-call-panel')).toBeNull();
    act(() => state().acceptCall(null));
    expect(screen.getByTestId('in-call-panel')).toBeInTheDocument();
    act(() => state().endCall('ENDED'));
    await waitFor(() => expect(screen.queryByTestId('in-call-panel')).toBeNull());
  });
});
