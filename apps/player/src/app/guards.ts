import { redirect } from 'react-router';
import { call } from '../lib/api-client.ts';
import { storage } from '../lib/storage.ts';
import { api } from '@wallet/contract/client-api.gen';
import { paths } from '../config/paths.ts';
import { queryClient } from '../lib/query-client.ts';

/** Routes under /user need a stored token. */
export function requireToken(): null {
  if (!storage.getToken()) throw redirect(paths.login);
  return null;
}

/** Entering the signed-out shell clears any token and stored session data. */
export function enterSignedOutShell(): null {
  storage.clearSession();
  queryClient.clear();
  return null;
}

/** On /login, ask the server whether the site is active; a gone answer goes to /terminated. */
export async function checkSiteActive(): Promise<null> {
  try {
    await call(api.lookup.active);
  } catch (err) {
    if (err instanceof Error && err.message === 'gone') throw redirect(paths.terminated);
  }
  return null;
}
