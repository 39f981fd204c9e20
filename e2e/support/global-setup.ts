import { rmSync } from 'node:fs';
import { prepareBackofficeDist, preparePlayerDist } from './player-build.ts';
import { DATA_TEMPLATE_ENV, prepareDataTemplate } from './server.ts';

/**
 * Serves every test server from private snapshots of the player build and the operator console build (see
 * preparePlayerDist, prepareBackofficeDist), and starts every fresh server from one migrated database
 * (prepareDataTemplate). Workers inherit PLAYER_DIST, BACKOFFICE_DIST and E2E_DATA_TEMPLATE from here; one given by
 * the caller is used as is (E2E_DATA_TEMPLATE= empty: every server migrates its own, as before).
 */
export default async function globalSetup(): Promise<() => void> {
  const made: string[] = [];
  if (!process.env.PLAYER_DIST) {
    process.env.PLAYER_DIST = preparePlayerDist('th');
    made.push(process.env.PLAYER_DIST);
  }
  if (!process.env.BACKOFFICE_DIST) {
    process.env.BACKOFFICE_DIST = prepareBackofficeDist();
    made.push(process.env.BACKOFFICE_DIST);
  }
  if (process.env[DATA_TEMPLATE_ENV] === undefined) {
    try {
      process.env[DATA_TEMPLATE_ENV] = await prepareDataTemplate();
      made.push(process.env[DATA_TEMPLATE_ENV]);
    } catch (error) {
      // slower, not wrong: every server then starts from an empty directory
      console.warn(`e2e: no database template, every server migrates its own (${String(error).slice(0, 300)})`);
      process.env[DATA_TEMPLATE_ENV] = '';
    }
  }
  return () => made.forEach((dist) => rmSync(dist, { recursive: true, force: true }));
}
