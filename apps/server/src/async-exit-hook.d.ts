// The part of async-exit-hook (no published types) that platform/embedded-postgres.ts uses.
declare module 'async-exit-hook' {
  const exitHook: { unhookEvent(event: string): void };
  export default exitHook;
}
