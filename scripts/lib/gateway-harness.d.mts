// Types of gateway-harness.mjs for the TypeScript tests that start the gateway.
export const GATEWAY_CONFIG: string;
export const INSTALL_LINE: string;
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
  inherit?: boolean;
}
export interface Gateway {
  wsUrl: string;
  sipUri: string;
  logDir: string;
  kamailioLog: string;
  stop(): Promise<void>;
}
export function startGateway(options: GatewayOptions): Promise<Gateway>;
