// DEV TOOL, not part of the product: a stand-in OmniCare server speaking the livechat contract
// (packages/shared/src/conversations/livechat.schemas.ts) closely enough to click through the
// widget in a browser without PostgreSQL. Everything lives in memory.
//
//   npm run build:widget -- /tmp/widget-dist
//   node apps/web/widget/dev/fake-server.mjs /tmp/widget-dist 47310 47311
//
// Serves the widget and the API on the first port, and demo.html (the embedding "site") on the
// second, so the widget runs cross-origin as it does on a customer's site. `POST /dev/…` plays the
// agent: `agent-message` {body, image?}, `typing` {typing}, `seen`, `resolve`, `config` {…},
// `drop-sockets` (cuts every visitor socket, as a network drop would).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from 'socket.io';

const [distArg, apiPortArg, pagePortArg] = process.argv.slice(2);
const dist = path.resolve(distArg || 'apps/web/dist');
const apiPort = Number(apiPortArg || 47310);
const pagePort = Number(pagePortArg || 47311);
const here = path.dirname(fileURLToPath(import.meta.url));

let config = {
  channel_id: 'demo',
  title: 'Hỗ trợ trực tuyến',
  color: '#1F6FEB',
  position: 'right',
  avatar_url: null,
  greeting: 'Xin chào! OmniCare có thể giúp gì cho anh/chị?',
  offline_message:
    'Hiện chúng tôi đang ngoài giờ làm việc. Anh/chị để lại lời nhắn, chúng tôi sẽ liên hệ lại.',
  pre_chat: { name: 'required', phone: 'optional', email: 'optional' },
  online: true,
  survey: { enabled: true, question: 'Anh/chị đánh giá cuộc trò chuyện thế nào?' },
};
const visitors = new Map(); // token → {name, conversation}
const files = new Map(); // id → {type, bytes, name, token}
const log = [];
const AGENT = { name: 'Nguyễn Thu Trang', avatar_url: null };

const conversationOf = (token) => {
  const visitor = visitors.get(token);
  if (!visitor.conversation) {
    visitor.conversation = {
      status: 'none',
      agent: null,
      messages: [],
      survey_pending: false,
      rated: false,
    };
  }
  return visitor.conversation;
};
const message = (fields) => ({
  _id: randomUUID(),
  client_message_id: null,
  direction: 'out',
  author_name: null,
  author_avatar_url: null,
  kind: 'text',
  body: '',
  attachments: [],
  seen: false,
  created_at: new Date().toISOString(),
  ...fields,
});

function writeVisitorMessage(token, clientMessageId, body, attachments = []) {
  const conversation = conversationOf(token);
  const existing = conversation.messages.find((item) => item.client_message_id === clientMessageId);
  if (existing) return existing; // a resend: the message already written
  const written = message({
    client_message_id: clientMessageId,
    direction: 'in',
    body,
    attachments,
  });
  conversation.messages.push(written);
  if (conversation.status !== 'open') conversation.status = 'open';
  log.push({ kind: 'in', client_message_id: clientMessageId, body });
  return written;
}

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type, x-visitor-token',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};
function send(res, status, data, message = 'OK') {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...cors });
  res.end(
    JSON.stringify(
      status < 400
        ? { statusCode: status, message, data }
        : { statusCode: status, message, ...data },
    ),
  );
}
const readBody = (req) =>
  new Promise((resolve) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

const api = http.createServer(async (req, res) => {
  const url = new URL(req.url, `http://${req.headers.host}`);
  if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
  if (url.pathname === '/widget.js' || url.pathname.startsWith('/widget/')) {
    try {
      const bytes = readFileSync(path.join(dist, url.pathname));
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(bytes);
    } catch {
      return send(res, 404, {}, 'Not Found');
    }
  }
  const raw = await readBody(req);
  const json = () => (raw.length ? JSON.parse(raw.toString()) : {});
  if (url.pathname.startsWith('/dev/')) return devControl(url.pathname.slice(5), json(), res);
  const match = /^\/v2\/livechat\/([^/]+)\/(.+)$/.exec(url.pathname);
  if (!match) return send(res, 404, {}, 'Not Found');
  const route = `${req.method} ${match[2].replace(/attachments\/.+/, 'attachments/:id')}`;
  if (route === 'GET config') return send(res, 200, { ...config, channel_id: match[1] });
  if (route === 'POST offline') {
    log.push({ kind: 'offline', ...json() });
    return send(res, 201, { ok: true });
  }
  if (route === 'POST visitors') {
    const body = json();
    if (config.pre_chat.name === 'required' && !body.name) {
      return send(
        res,
        422,
        { errors: [{ param: 'name', message: 'Vui lòng nhập họ tên' }] },
        'Validation Failed',
      );
    }
    const token = randomUUID();
    visitors.set(token, { name: body.name || 'Khách', conversation: null });
    return send(res, 201, { visitor_token: token, name: body.name || 'Khách' });
  }
  const token = req.headers['x-visitor-token'];
  if (!token || !visitors.has(token)) {
    return send(res, 403, {}, 'Phiên chat đã hết hạn, vui lòng bắt đầu lại');
  }
  const conversation = conversationOf(token);
  if (route === 'GET conversation') {
    const { rated: _rated, ...view } = conversation;
    return send(res, 200, view);
  }
  if (route === 'POST seen') return send(res, 200, { ok: true });
  if (route === 'POST rating') {
    conversation.survey_pending = false;
    log.push({ kind: 'rating', ...json() });
    return send(res, 201, { ok: true });
  }
  if (route === 'POST attachments') {
    const form = await new Request('http://x/', {
      method: 'POST',
      headers: req.headers,
      body: raw,
    }).formData();
    const file = form.get('file');
    const id = randomUUID();
    files.set(id, { type: file.type, bytes: Buffer.from(await file.arrayBuffer()), token });
    const written = writeVisitorMessage(
      token,
      form.get('client_message_id'),
      form.get('body') || '',
      [
        {
          _id: id,
          file_name: file.name,
          content_type: file.type,
          size: file.size,
          url: `/v2/livechat/${match[1]}/attachments/${id}`,
        },
      ],
    );
    io.of('/livechat').to(token).emit('livechat:message', written);
    return send(res, 201, written);
  }
  if (route === 'GET attachments/:id') {
    const file = files.get(match[2].split('/')[1]);
    if (!file) return send(res, 404, {}, 'Not Found');
    res.writeHead(200, { 'content-type': file.type, ...cors });
    return res.end(file.bytes);
  }
  return send(res, 404, {}, 'Not Found');
});

const io = new Server(api, { path: '/socket.io', cors: { origin: '*' } });
io.of('/livechat').use((socket, next) => {
  const { visitor_token: token } = socket.handshake.auth || {};
  if (!visitors.has(token)) {
    const error = new Error('Phiên chat đã hết hạn, vui lòng bắt đầu lại');
    error.data = { statusCode: 403 };
    return next(error);
  }
  socket.data.token = token;
  next();
});
io.of('/livechat').on('connection', (socket) => {
  socket.join(socket.data.token);
  socket.on('livechat:typing', (event) => log.push({ kind: 'typing', typing: !!event?.typing }));
  socket.on('livechat:send', (body, ack) => {
    if (!body?.body?.trim()) return ack({ ok: false, message: 'Vui lòng nhập tin nhắn' });
    const written = writeVisitorMessage(
      socket.data.token,
      body.client_message_id,
      body.body.trim(),
    );
    socket.to(socket.data.token).emit('livechat:message', written);
    if (config.dropAcks) return; // the ack is lost, as on a dropped connection
    ack({ ok: true, message: written });
  });
});

const PNG = readFileSync(path.join(here, 'sample.png'));
function devControl(action, body, res) {
  const room = io.of('/livechat');
  const everyone = [...visitors.keys()];
  if (action === 'config') config = { ...config, ...body };
  for (const token of everyone) {
    const conversation = conversationOf(token);
    if (action === 'agent-message') {
      conversation.agent = AGENT;
      conversation.status = 'open';
      const attachments = [];
      if (body.image) {
        const id = randomUUID();
        files.set(id, { type: 'image/png', bytes: PNG, token });
        attachments.push({
          _id: id,
          file_name: 'bang-gia.png',
          content_type: 'image/png',
          size: PNG.length,
          url: `/v2/livechat/demo/attachments/${id}`,
        });
      }
      if (body.file) {
        const id = randomUUID();
        files.set(id, { type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n'), token });
        attachments.push({
          _id: id,
          file_name: 'huong-dan-su-dung.pdf',
          content_type: 'application/pdf',
          size: 248_320,
          url: `/v2/livechat/demo/attachments/${id}`,
        });
      }
      const written = message({
        author_name: AGENT.name,
        body: body.body || '',
        attachments,
        kind: body.image ? 'image' : body.file ? 'file' : 'text',
      });
      conversation.messages.push(written);
      room
        .to(token)
        .emit('livechat:status', { status: 'open', agent: AGENT, survey_pending: false });
      room.to(token).emit('livechat:message', written);
    }
    if (action === 'typing') room.to(token).emit('livechat:typing', { typing: !!body.typing });
    if (action === 'seen') {
      const ids = conversation.messages
        .filter((item) => item.direction === 'in')
        .map((item) => item._id);
      ids.forEach((id) => (conversation.messages.find((item) => item._id === id).seen = true));
      room.to(token).emit('livechat:seen', { message_ids: ids });
    }
    if (action === 'resolve') {
      Object.assign(conversation, { status: 'resolved', survey_pending: config.survey.enabled });
      room.to(token).emit('livechat:status', {
        status: 'resolved',
        agent: conversation.agent,
        survey_pending: conversation.survey_pending,
      });
    }
  }
  if (action === 'drop-sockets') room.disconnectSockets(true);
  if (action === 'forget-visitors') {
    visitors.clear();
    log.length = 0;
  }
  if (action === 'log') return send(res, 200, { log, visitors: everyone.length });
  return send(res, 200, { ok: true });
}

const page = http.createServer((req, res) => {
  const html = readFileSync(path.join(here, 'demo.html'), 'utf8').replaceAll(
    '{{API}}',
    `http://127.0.0.1:${apiPort}`,
  );
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
});

api.listen(apiPort, '127.0.0.1', () =>
  page.listen(pagePort, '127.0.0.1', () =>
    console.log(
      `fake OmniCare on http://127.0.0.1:${apiPort}, demo page on http://127.0.0.1:${pagePort}`,
    ),
  ),
);
