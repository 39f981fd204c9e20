/** The Lao variant is one build flag: `VITE_VARIANT=la npm run build`. */
export const IS_LAO_VARIANT = import.meta.env.VITE_VARIANT === 'la';
export const APP_VERSION = __APP_VERSION__;
