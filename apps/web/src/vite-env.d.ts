/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_ZALO_PERSONAL_TENANTS?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
