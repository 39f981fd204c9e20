import { accountEndpoints } from './account.ts';
import { betEndpoints } from './bets.ts';
import { chatEndpoints } from './chat.ts';
import type { Endpoint } from './endpoint.ts';
import { inboxEndpoints } from './inbox.ts';
import { lookupEndpoints } from './lookup.ts';
import { passkeyEndpoints } from './passkeys.ts';
import { notifyEndpoints } from './notify.ts';
import { promotionEndpoints } from './promotions.ts';
import { responsiblePlayEndpoints } from './responsible-play.ts';
import { spinwheelEndpoints } from './spinwheel.ts';
import { statementEndpoints } from './statement.ts';
import { walletEndpoints } from './wallet.ts';

/** Every endpoint of the API, by domain. */
export const api = {
  lookup: lookupEndpoints,
  account: accountEndpoints,
  wallet: walletEndpoints,
  promotions: promotionEndpoints,
  statement: statementEndpoints,
  spinwheel: spinwheelEndpoints,
  chat: chatEndpoints,
  passkeys: passkeyEndpoints,
  responsiblePlay: responsiblePlayEndpoints,
  notify: notifyEndpoints,
  bets: betEndpoints,
  inbox: inboxEndpoints,
} as const;

export type EndpointId = {
  [D in keyof typeof api]: `${D & string}.${keyof (typeof api)[D] & string}`;
}[keyof typeof api];

/** Flat list with ids such as `wallet.transfer`. */
export function listEndpoints(): Array<{ id: EndpointId; endpoint: Endpoint }> {
  return Object.entries(api).flatMap(([domain, group]) =>
    Object.entries(group).map(([name, endpoint]) => ({
      id: `${domain}.${name}` as EndpointId,
      endpoint: endpoint as Endpoint,
    })),
  );
}

type Api = typeof api;
/** The descriptor behind an id such as `wallet.transfer`. */
export type EndpointOf<Id extends EndpointId> = Id extends `${infer D}.${infer K}`
  ? D extends keyof Api
    ? K extends keyof Api[D]
      ? Api[D][K]
      : never
    : never
  : never;
