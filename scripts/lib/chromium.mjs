// How the project starts Debian's Chromium for the browser tests and benchmarks.

/**
 * Features switched off. Chromium keeps only the last `--disable-features`, and Playwright
 * passes its own first: its list (playwright-core's chromiumSwitches.ts) is repeated here, then
 * the browser's own interface that headless Chromium still builds for every window: the
 * omnibox's WebUI popups and the WebUI reload button, which cost about a quarter of the CPU
 * of opening a context (measured: 10 contexts, 12.7 s of CPU before, 9.3 s after).
 */
const DISABLED_FEATURES = [
  // Playwright's
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // the browser's own interface
  'WebUIOmniboxPopup',
  'OmniboxAimPopupWebUIContent',
  'OmniboxEverywhereComposebox',
  'WebUIReloadButton',
];

/** Headless, with nothing of its own going to the network. */
export const CHROMIUM_ARGS = [
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
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
