import type { WidgetContext, WidgetController } from '../handoff';
import { h, icon } from '../lib/dom';
import { ICON } from '../lib/icons';
import type { PendingMessage } from '../lib/storage';
import { readRecord, updateRecord } from '../lib/storage';
import { WidgetApiError, createApi } from './api';
import type { VisitorConversationView, VisitorMessageView, VisitorStatusEvent } from './contract';
import { LIVECHAT_MESSAGES, MESSAGES } from './contract';
import { fileError } from './files';
import type { ShownMessage } from './messages';
import {
  lastTeamMessage,
  markSeen,
  mergeMessages,
  newClientMessageId,
  pendingAsShown,
  shownMessages,
  unsettled,
} from './messages';
import type { FormErrors, FormValues } from './prechat';
import { asksAnything, messageError, validateOffline, validatePreChat } from './prechat';
import type { VisitorTransport } from './transport';
import { connectVisitor } from './transport';
import { createComposer } from './views/composer';
import { formView, preChatFields } from './views/forms';
import { createMessageList } from './views/message-list';
import { createPanel } from './views/panel';
import { surveyView } from './views/survey';

type View = 'loading' | 'prechat' | 'chat' | 'offline' | 'sent';

const TYPING_EVERY_MS = 2_500;
const TYPING_IDLE_MS = 3_000;
const AGENT_TYPING_MAX_MS = 8_000;
const RESEND_AFTER_MS = 5_000;

/**
 * The opened widget: the visitor's token and pending messages (local storage), the
 * conversation (HTTP read, socket live), and which screen the panel shows.
 */
export function mountWidget(context: WidgetContext): WidgetController {
  const { base, channel, config } = context;
  let token = readRecord(channel).token;
  let pending: PendingMessage[] = readRecord(channel).pending || [];
  let messages: VisitorMessageView[] = [];
  const failed = new Map<string, string>();
  const uploads = new Map<string, { shown: ShownMessage; file: File }>();
  let status: VisitorConversationView['status'] = 'none';
  let agent: VisitorConversationView['agent'] = null;
  let surveyPending = false;
  let survey: HTMLElement | undefined;
  let agentTyping = false;
  let view: View = 'loading';
  let isOpen = false;
  let unread = 0;
  let transport: VisitorTransport | undefined;
  let focusView = () => undefined as void;

  const api = createApi(base, channel, () => token);
  const blobs = new Map<string, Promise<string>>();
  const objectUrl = (url: string) => {
    if (url.startsWith('blob:')) return Promise.resolve(url);
    let found = blobs.get(url);
    if (!found) {
      found = api.blob(url).then((blob) => URL.createObjectURL(blob));
      found.catch(() => blobs.delete(url));
      blobs.set(url, found);
    }
    return found;
  };

  const panel = createPanel(config.title, base, () => setOpen(false));
  const list = createMessageList({ objectUrl, retry });
  const composer = createComposer({ send: sendText, files: sendFiles, typing: typingStarted });
  const badge = h('span', { class: 'oc-badge', hidden: true, 'aria-hidden': 'true' });
  context.launcher.append(badge);
  context.container.append(panel.element);

  // ---- what the panel shows

  function header(): void {
    panel.setAvatar(
      agent ? agent.avatar_url || config.avatar_url : config.avatar_url,
      agent ? agent.name : config.title,
    );
    panel.setSubtitle(
      agent
        ? `${agent.name} đang hỗ trợ`
        : config.online
          ? 'Chúng tôi sẵn sàng hỗ trợ anh/chị'
          : 'Hiện đang ngoài giờ làm việc',
      config.online || !!agent,
    );
  }

  function greeting(): ShownMessage | undefined {
    const first = messages[0];
    if (
      !config.greeting ||
      (first && first.direction === 'out' && first.body === config.greeting)
    ) {
      return undefined;
    }
    return {
      _id: 'greeting',
      client_message_id: null,
      direction: 'out',
      author_name: config.title,
      author_avatar_url: config.avatar_url,
      kind: 'text',
      body: config.greeting,
      attachments: [],
      seen: true,
      created_at: first ? first.created_at : new Date().toISOString(),
    };
  }

  function render(): void {
    header();
    if (view !== 'chat') return;
    const shown = shownMessages(messages, pending, failed);
    uploads.forEach((upload) => shown.push(upload.shown));
    const first = greeting();
    if (first) shown.unshift(first);
    if (surveyPending && config.survey.enabled && !survey) {
      survey = surveyView(config.survey.question, (score, comment) =>
        api.rate({ score, comment: comment || undefined }).then(() => {
          surveyPending = false;
        }, handleFailure),
      );
    }
    list.render(shown, agentTyping, survey);
    markSeenWhenVisible();
  }

  function show(next: View, banner = ''): void {
    view = next;
    panel.setBanner(banner);
    if (next === 'loading') {
      panel.setContent(h('div', { class: 'oc-spin', role: 'status', 'aria-label': 'Đang tải…' }));
      focusView = () => panel.element.focus();
    } else if (next === 'chat') {
      panel.setContent(list.element, composer.element);
      focusView = composer.focus;
      render();
      list.scrollToEnd();
    } else if (next === 'prechat' || next === 'offline') {
      const offline = next === 'offline';
      const form = formView({
        id: offline ? 'oc-off' : 'oc-pre',
        intro: offline
          ? config.offline_message
          : 'Anh/chị vui lòng cho chúng tôi biết đôi chút thông tin để bắt đầu trò chuyện.',
        fields: offline
          ? [...preChatFields(config.pre_chat), { name: 'body', label: 'Nội dung', required: true }]
          : preChatFields(config.pre_chat),
        initial: { name: readRecord(channel).name },
        submitLabel: offline ? 'Gửi tin nhắn' : 'Bắt đầu trò chuyện',
        submit: offline ? sendOffline : startChat,
      });
      panel.setContent(form.element);
      focusView = form.focus;
    } else {
      const done = h('div', { class: 'oc-done', role: 'status' }, icon(ICON.check, 44));
      done.append(h('p', {}, LIVECHAT_MESSAGES.offlineSent));
      panel.setContent(done);
      focusView = () => panel.element.focus();
    }
    if (isOpen) focusView();
  }

  // ---- the visitor and the conversation

  function startChat(values: FormValues) {
    const { errors, body } = validatePreChat(config.pre_chat, values);
    if (Object.keys(errors).length) return Promise.resolve(errors);
    return api.createVisitor(body).then((visitor) => {
      token = visitor.visitor_token;
      updateRecord(channel, { token, name: visitor.name || body.name });
      return begin();
    }, formFailure);
  }

  function sendOffline(values: FormValues) {
    const { errors, body } = validateOffline(config.pre_chat, values);
    if (Object.keys(errors).length) return Promise.resolve(errors);
    return api.offline(body).then(() => show('sent'), formFailure);
  }

  /** A refused form: the server's messages by field, or one for the whole form. */
  function formFailure(error: Error): FormErrors {
    if (error instanceof WidgetApiError && Object.keys(error.fields).length) return error.fields;
    return { form: error.message };
  }

  function begin(): Promise<void> {
    if (!transport && token) transport = connectVisitor(base, channel, token, socketHandlers);
    return refresh().then(
      () => {
        const stillOffline =
          !config.online && status !== 'open' && !surveyPending && !pending.length;
        show(stillOffline ? 'offline' : 'chat');
      },
      // Without a token the refusal has already led back to the form (forget()).
      (error: Error) => (token ? show('chat', error.message) : undefined),
    );
  }

  let reading: Promise<void> | undefined;
  /** Reads the conversation again and folds it in (after a reconnect nothing is lost or doubled). */
  function refresh(): Promise<void> {
    reading ||= api
      .conversation()
      .then((conversation) => {
        messages = mergeMessages(messages, conversation.messages);
        applyStatus(conversation);
        settle();
        render();
      })
      .then(
        () => {
          reading = undefined;
        },
        (error: Error) => {
          reading = undefined;
          return handleFailure(error);
        },
      );
    return reading;
  }

  function applyStatus(event: VisitorStatusEvent): void {
    status = event.status;
    agent = event.agent;
    surveyPending =
      config.survey.enabled && status === 'resolved' && event.survey_pending !== false;
  }

  /** Drops the acknowledged messages from the queue kept in storage. */
  function settle(): void {
    const left = unsettled(pending, messages);
    if (left.length !== pending.length) {
      pending = left;
      updateRecord(channel, { pending });
    }
  }

  function handleFailure(error: Error): never {
    if (error instanceof WidgetApiError && error.tokenRefused && token) forget();
    throw error;
  }

  /** The token is no longer valid: forget it and everything of its conversation, ask again. */
  function forget(): void {
    if (transport) transport.close();
    transport = undefined;
    token = undefined;
    pending = [];
    messages = [];
    failed.clear();
    uploads.clear();
    status = 'none';
    agent = null;
    surveyPending = false;
    survey = undefined;
    updateRecord(channel, { token: undefined, pending: [] });
    show(config.online ? 'prechat' : 'offline', LIVECHAT_MESSAGES.visitorExpired);
  }

  const socketHandlers = {
    connected() {
      connection++;
      flushing = false;
      panel.setBanner('');
      void refresh()
        .catch(() => undefined)
        .then(flush);
    },
    disconnected() {
      if (view === 'chat') panel.setBanner(MESSAGES.offline);
    },
    refused: forget,
    message(message: VisitorMessageView) {
      messages = mergeMessages(messages, [message]);
      if (message.direction === 'out') {
        agentTyping = false;
        if (!isOpen || document.visibilityState !== 'visible') unread++;
        showUnread();
      }
      settle();
      render();
    },
    typing(typing: boolean) {
      agentTyping = typing;
      clearTimeout(agentTypingTimer);
      if (typing)
        agentTypingTimer = setTimeout(() => socketHandlers.typing(false), AGENT_TYPING_MAX_MS);
      render();
    },
    seen(ids: string[]) {
      messages = markSeen(messages, ids);
      render();
    },
    status(event: VisitorStatusEvent) {
      applyStatus(event);
      if (!surveyPending && status !== 'resolved') survey = undefined;
      render();
    },
  };
  let agentTypingTimer: ReturnType<typeof setTimeout> | undefined;

  // ---- sending

  function sendText(text: string): string | void {
    if (!text.trim()) return;
    const problem = messageError(text);
    if (problem) return problem;
    pending = [
      ...pending,
      {
        client_message_id: newClientMessageId(),
        body: text.trim(),
        created_at: new Date().toISOString(),
      },
    ];
    updateRecord(channel, { pending });
    typingStopped();
    render();
    list.scrollToEnd();
    flush();
  }

  let flushing = false;
  /** Bumped on each (re)connection: a send still waiting on the old connection stops there. */
  let connection = 0;
  let resendTimer: ReturnType<typeof setTimeout> | undefined;
  /** Sends the queue in order, one at a time; what gets no answer stays for the next try. */
  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    const mine = connection;
    try {
      for (;;) {
        const next = unsettled(pending, messages).find(
          (item) => !failed.has(item.client_message_id),
        );
        if (!next || !transport || !transport.connected) break;
        let ack;
        try {
          ack = await transport.send({
            client_message_id: next.client_message_id,
            body: next.body,
          });
        } catch {
          if (mine !== connection) return;
          clearTimeout(resendTimer);
          resendTimer = setTimeout(flush, RESEND_AFTER_MS);
          break;
        }
        if (mine !== connection) return;
        if (ack.ok) messages = mergeMessages(messages, [ack.message]);
        else failed.set(next.client_message_id, ack.message);
        settle();
        render();
      }
    } finally {
      if (mine === connection) flushing = false;
    }
  }

  function retry(clientMessageId: string): void {
    const upload = uploads.get(clientMessageId);
    if (upload) {
      uploads.delete(clientMessageId);
      return sendFile(upload.file, clientMessageId);
    }
    failed.delete(clientMessageId);
    render();
    void flush();
  }

  function sendFiles(files: File[]): void {
    for (const file of files) {
      const problem = fileError(file);
      if (problem) composer.showError(problem);
      else sendFile(file, newClientMessageId());
    }
  }

  function sendFile(file: File, clientMessageId: string): void {
    const item = {
      client_message_id: clientMessageId,
      body: '',
      created_at: new Date().toISOString(),
    };
    const shown: ShownMessage = {
      ...pendingAsShown(item),
      attachments: [
        {
          _id: clientMessageId,
          file_name: file.name,
          content_type: file.type,
          size: file.size,
          url: URL.createObjectURL(file),
        },
      ],
    };
    uploads.set(clientMessageId, { shown, file });
    render();
    list.scrollToEnd();
    api.upload(file, clientMessageId).then(
      (message) => {
        uploads.delete(clientMessageId);
        messages = mergeMessages(messages, [message]);
        render();
      },
      (error: Error) => {
        if (error instanceof WidgetApiError && error.tokenRefused) return forget();
        uploads.set(clientMessageId, {
          file,
          shown: { ...shown, local: 'failed', error: error.message },
        });
        render();
      },
    );
  }

  // ---- typing, seen, unread

  let typingSentAt = 0;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  function typingStarted(): void {
    const now = Date.now();
    if (now - typingSentAt > TYPING_EVERY_MS && transport) {
      transport.typing(true);
      typingSentAt = now;
    }
    clearTimeout(typingTimer);
    typingTimer = setTimeout(typingStopped, TYPING_IDLE_MS);
  }
  function typingStopped(): void {
    clearTimeout(typingTimer);
    if (typingSentAt && transport) transport.typing(false);
    typingSentAt = 0;
  }

  let seenSent = '';
  function markSeenWhenVisible(): void {
    if (!isOpen || view !== 'chat' || document.visibilityState !== 'visible' || !token) return;
    const last = lastTeamMessage(messages);
    if (!last || last._id === seenSent) return;
    seenSent = last._id;
    api.seen(last._id).catch(() => {
      seenSent = '';
    });
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && isOpen) {
      unread = 0;
      showUnread();
    }
    markSeenWhenVisible();
  });

  function showUnread(): void {
    badge.textContent = unread > 9 ? '9+' : String(unread);
    badge.hidden = unread === 0;
  }

  // ---- open, close, keyboard, drag and drop

  function setOpen(open: boolean): void {
    if (open === isOpen) return;
    isOpen = open;
    context.setLauncherOpen(open);
    updateRecord(channel, { open });
    if (open) {
      unread = 0;
      showUnread();
      requestAnimationFrame(() => focusView());
      markSeenWhenVisible();
    } else {
      typingStopped();
      context.launcher.focus();
    }
  }

  panel.element.setAttribute('tabindex', '-1');
  panel.element.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
    }
  });
  const carriesFiles = (event: DragEvent) =>
    view === 'chat' &&
    !!event.dataTransfer &&
    Array.from(event.dataTransfer.types).includes('Files');
  panel.element.addEventListener('dragover', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    panel.drop.hidden = false;
  });
  panel.element.addEventListener('dragleave', (event) => {
    if (!panel.element.contains(event.relatedTarget as Node | null)) panel.drop.hidden = true;
  });
  panel.element.addEventListener('drop', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    panel.drop.hidden = true;
    sendFiles(Array.from((event.dataTransfer as DataTransfer).files));
  });

  // ---- the first screen

  header();
  if (token) {
    show('loading');
    void begin();
  } else if (!config.online) show('offline');
  else if (asksAnything(config.pre_chat)) show('prechat');
  else {
    show('loading');
    void startChat({}).then((errors) => {
      if (errors && view === 'loading') show('prechat', errors.form || '');
    });
  }

  return {
    open: () => setOpen(true),
    toggle: () => setOpen(!isOpen),
  };
}
