// How the project starts Debian's Chromium for the browser tests and benchmarks.

/** Headless, with nothing of its own going to the network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fake microphone, and WebRTC on loopback (the softphone checks both before registering). */
export const CHROMIUM_MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
];
