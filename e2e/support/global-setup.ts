import { rmSync } from 'node:fs';
import { preparePlayerDist } from './player-build.ts';

/**
 * Serves every test server from a private snapshot of the player build (see preparePlayerDist).
 * Workers inherit PLAYER_DIST from here. A PLAYER_DIST given by the caller is used as is.
 */
export default function globalSetup(): () => void {
  if (process.env.PLAYER_DIST) return () => undefined;
  const dist = preparePlayerDist('th');
  process.env.PLAYER_DIST = dist;
  return () => rmSync(dist, { recursive: true, force: true });
}
