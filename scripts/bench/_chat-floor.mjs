// The floor of bench:chat, run as its own process: a bare socket.io server that only relays.
// A visitor's `send` (acknowledged) goes to its agent's room as `message`; an agent's `reply`
// (acknowledged) goes to the visitor's room as `reply`. No database, no checks: what socket.io
// and this machine cost for the same path as a chat message (client -> server -> client).
// Prints `listening <port>` when ready; stops on SIGTERM.
import http from 'node:http';
import { Server } from 'socket.io';

const server = http.createServer();
const io = new Server(server, { serveClient: false });
io.on('connection', (socket) => {
  const { role, id } = socket.handshake.auth ?? {};
  void socket.join(`${role}:${id}`);
  socket.on('send', (payload, ack) => {
    io.to(`agent:${payload.agent}`).emit('message', payload);
    if (typeof ack === 'function') ack({ ok: true });
  });
  socket.on('reply', (payload, ack) => {
    io.to(`visitor:${payload.visitor}`).emit('reply', payload);
    if (typeof ack === 'function') ack({ ok: true });
  });
});
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on('SIGTERM', () => {
  io.close();
  process.exit(0);
});
