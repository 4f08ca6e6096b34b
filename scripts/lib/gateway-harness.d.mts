// Types of gateway-harness.mjs for the TypeScript tests that start the gateway and run sipp.
import type { ChildProcess } from 'node:child_process';

export const GATEWAY_CONFIG: string;
export const INSTALL_LINE: string;
export const SIPP_SCENARIOS: string;
export function findProgram(name: string): string | undefined;
export function missingForGateway(): string[];
export interface GatewayOptions {
  serverUrl: string;
  secret: string;
  wsPort?: number;
  sipPort?: number;
  trunk?: string;
  rtpengineNgPort?: number;
  rtpPorts?: [number, number];
  logDir?: string;
  listenIp?: string;
  /** Its OMNICARE_GATEWAY_ID, sent with its events (default listenIp:sipPort). */
  gatewayId?: string;
  inherit?: boolean;
}
export interface Gateway {
  wsUrl: string;
  sipUri: string;
  logDir: string;
  kamailioLog: string;
  /** Ends Kamailio at once (SIGKILL to it and its workers), as a gateway that dies. */
  kill(): Promise<void>;
  /** kill(), then Kamailio again with the same name and ports (a gateway restarted). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}
export function startGateway(options: GatewayOptions): Promise<Gateway>;

export function writeInjectionFile(dir: string, name: string, rows: string[]): string;
export interface SippOptions {
  /** a file of gateway/sipp, or an absolute path */
  scenario: string;
  workDir: string;
  label: string;
  /** host:port of the gateway's SIP listener */
  remote?: string;
  args?: string[];
  /** -trace_logs into <label>.log */
  messageLog?: boolean;
  timeoutMs?: number;
  localIp?: string;
}
export interface SippResult {
  /** 0: every call as the scenario says */
  code: number | null;
  signal: string | null;
  pid: number | undefined;
  stderr: string;
  /** its error file (-trace_err) */
  errors: string;
}
export interface SippRun {
  child: ChildProcess;
  pid: number | undefined;
  done: Promise<SippResult>;
  stop(): void;
}
export function runSipp(options: SippOptions): SippRun;
