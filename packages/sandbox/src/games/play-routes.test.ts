import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGamesKit, type GamesKit } from './games-test-kit.ts';

let kit: GamesKit;
beforeEach(async () => {
  kit = await startGamesKit();
  kit.store.createPlayer('pgslot', 'agt_alice', 'secret-1');
  kit.store.setBalance('pgslot', 'agt_alice', 2000n);
});
afterEach(() => kit.close());

async function launch(): Promise<string> {
  const res = await kit.signed('POST', 'pgslot', 'players/agt_alice/launch', {
    mobile: true,
    exitUrl: 'https://wallet.example/user/home',
  });
  expect(res.status).toBe(200);
  return res.body.url;
}

async function openSession(): Promise<string> {
  const page = await fetch(await launch());
  const html = await page.text();
  const session = /data-session="([^"]+)"/.exec(html)?.[1];
  expect(session).toBeDefined();
  return session as string;
}

const spin = (session: string, bet: unknown) => kit.plain('POST', 'play/spin', { session, bet });

describe('launch', () => {
  it('answers a URL to the demo game with a one-time token', async () => {
    const url = await launch();
    expect(url).toMatch(new RegExp(`^${kit.origin}/sandbox/games/play\\?token=[\\w-]{20,}$`));
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/text\/html/);
    expect(first.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await first.text();
    for (const id of ['balance', 'spin', 'bet-1', 'bet-5', 'bet-10', 'bet-50', 'exit'])
      expect(html).toContain(`data-testid="${id}"`);
    expect(html).toContain('PG Slot');
    expect(html).toContain('href="https://wallet.example/user/home"');
    expect(html).not.toMatch(/<script>|style="/);
    const again = await fetch(url);
    expect(again.status).toBe(410);
  });

  it('refuses an exit URL that is not http(s), and unknown players', async () => {
    const js = await kit.signed('POST', 'pgslot', 'players/agt_alice/launch', {
      mobile: false,
      exitUrl: 'javascript:alert(1)',
    });
    expect(js.status).toBe(400);
    const ghost = await kit.signed('POST', 'pgslot', 'players/agt_ghost/launch', {
      mobile: false,
      exitUrl: 'https://x.example/',
    });
    expect(ghost.status).toBe(404);
  });

  it('serves the script and the stylesheet', async () => {
    const js = await kit.plain('GET', 'play.js');
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.text).toContain('play/spin');
    const css = await kit.plain('GET', 'play.css');
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });
});

describe('spin', () => {
  it('moves the balance by payout − stake and writes the bet history', async () => {
    const session = await openSession();
    const res = await spin(session, 5);
    expect(res.status).toBe(200);
    expect(res.body.reels).toHaveLength(3);
    const payout = BigInt(res.body.payout);
    expect(res.body.stake).toBe('500');
    expect(BigInt(res.body.balance)).toBe(2000n - 500n + payout);
    expect(kit.store.player('pgslot', 'agt_alice')?.balance).toBe(BigInt(res.body.balance));
    const bets = await kit.signed('GET', 'pgslot', 'players/agt_alice/bets');
    expect(bets.body).toEqual([
      { betId: res.body.betId, stake: '500', payout: payout.toString(), placedAt: res.body.placedAt },
    ]);
  });

  it('refuses a stake above the balance, a bet off the menu and an unknown session', async () => {
    const session = await openSession();
    const poor = await spin(session, 50);
    expect(poor.status).toBe(400);
    expect(poor.body.code).toBe('INSUFFICIENT_BALANCE');
    expect((await spin(session, 3)).status).toBe(400);
    expect((await spin('no-such-session', 1)).status).toBe(401);
    expect(kit.store.betsOf('pgslot', 'agt_alice')).toEqual([]);
  });

  it('keeps going until the balance runs out', async () => {
    const session = await openSession();
    kit.store.setBalance('pgslot', 'agt_alice', 300n);
    let spins = 0;
    while (spins < 1000) {
      const res = await spin(session, 1);
      if (res.status !== 200) {
        expect(res.body.code).toBe('INSUFFICIENT_BALANCE');
        break;
      }
      spins++;
    }
    expect(kit.store.betsOf('pgslot', 'agt_alice')).toHaveLength(spins);
    const history = kit.store.betsOf('pgslot', 'agt_alice');
    const net = history.reduce((sum, b) => sum + b.payout - b.stake, 0n);
    expect(kit.store.player('pgslot', 'agt_alice')?.balance).toBe(300n + net);
  });
});
