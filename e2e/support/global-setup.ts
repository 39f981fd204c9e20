import { rmSync } from 'node:fs';
import { prepareBackofficeDist, preparePlayerDist } from './player-build.ts';

/**
 * Serves every test server from private snapshots of the player build and the operator console build (see
 * preparePlayerDist, prepareBackofficeDist). Workers inherit PLAYER_DIST and BACKOFFICE_DIST from here; one given
 * by the caller is used as is.
 */
export default function globalSetup(): () => void {
  const made: string[] = [];
  if (!process.env.PLAYER_DIST) {
    process.env.PLAYER_DIST = preparePlayerDist('th');
    made.push(process.env.PLAYER_DIST);
  }
  if (!process.env.BACKOFFICE_DIST) {
    process.env.BACKOFFICE_DIST = prepareBackofficeDist();
    made.push(process.env.BACKOFFICE_DIST);
  }
  return () => made.forEach((dist) => rmSync(dist, { recursive: true, force: true }));
}
