// The built server, started through this file so benchmark servers are told apart from others
// (a process search for apps/server/dist/main.js finds the ones started by npm start or tests).
await import('../../apps/server/dist/main.js');
