/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_ZALO_PERSONAL_TENANTS?: string;
  /** STUN servers of the softphone, comma separated; empty for none (loopback tests). */
  readonly VITE_SIP_STUN_SERVERS?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
