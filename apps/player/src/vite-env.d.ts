/// <reference types="vite/client" />
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** `la` builds the Lao variant (default language la, no 10-digit phone rule, currency at registration) */
  readonly VITE_VARIANT?: 'th' | 'la';
}
