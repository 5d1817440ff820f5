/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Target of the online/offline HEAD probe (default: our own /healthz). */
  readonly VITE_CONNECTIVITY_URL?: string;
  /** Address of the offline app the shell hands off to when the offline_app flag is on. */
  readonly VITE_OFFLINE_APP_URL?: string;
}
