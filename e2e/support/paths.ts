import path from 'node:path';

/** The monorepo root (e2e/ sits directly under it). */
export const ROOT_DIR = path.resolve(import.meta.dirname, '..', '..');
/** Playwright's outputDir (E2E_OUTPUT_DIR overrides it, relative to e2e/, as in playwright.config.ts). */
export const ARTIFACTS_DIR = path.resolve(ROOT_DIR, 'e2e', process.env.E2E_OUTPUT_DIR ?? 'artifacts');
export const SCREENS_DIR = path.join(ARTIFACTS_DIR, 'screens');
export const PLAYER_DIR = path.join(ROOT_DIR, 'apps', 'player');
/** The player build each variant is served from (th: the normal `npm run build` output). */
export const playerDistFor = (variant: 'th' | 'la') => path.join(PLAYER_DIR, variant === 'la' ? 'dist-la' : 'dist');
export const BACKOFFICE_DIR = path.join(ROOT_DIR, 'apps', 'backoffice');
/** The operator console's normal `npm run build` output. */
export const BACKOFFICE_DIST = path.join(BACKOFFICE_DIR, 'dist');
