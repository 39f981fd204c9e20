import type { PlaySession, SandboxBet } from './game-store.ts';
import {
  CHERRY_MULTIPLIER,
  SLOT_BETS_BAHT,
  SLOT_SYMBOLS,
  THREE_OF_A_KIND,
  TWO_OF_A_KIND_MULTIPLIER,
} from './slot-machine.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** CSP of the demo pages: scripts and styles only from the sandbox's own files. */
export const PLAY_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'self'; object-src 'none'";

function shell(title: string, body: string, bodyAttributes = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<meta name="theme-color" content="#12061f">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="play.css">
<script src="play.js" defer></script>
</head>
<body${bodyAttributes}>
${body}
</body>
</html>`;
}

const paytableRows: { symbols: string[]; label: string; note?: string }[] = [
  ...[...SLOT_SYMBOLS].reverse().map((s) => ({ symbols: [s, s, s], label: `${THREE_OF_A_KIND[s]}×` })),
  { symbols: ['any', 'any'], label: `${TWO_OF_A_KIND_MULTIPLIER}×`, note: 'first two alike' },
  { symbols: ['cherry'], label: `${CHERRY_MULTIPLIER}×`, note: 'cherry on reel 1' },
];

/** The slot machine page for a play session (the script renders symbols, history and the paytable). */
export function renderPlayPage(
  session: PlaySession,
  gameName: string,
  balance: bigint,
  recentBets: SandboxBet[],
): string {
  const bets = SLOT_BETS_BAHT.map(
    (baht, i) =>
      `<button type="button" class="chip" data-bet="${baht}" data-testid="bet-${baht}" aria-pressed="${i === 0}">฿${baht}</button>`,
  ).join('');
  const history = recentBets
    .map(
      (b) =>
        `<li data-reels="${escapeHtml(b.detail)}" data-stake="${b.stake}" data-payout="${b.payout}" data-at="${b.placedAt.toISOString()}"></li>`,
    )
    .join('');
  const paytable = paytableRows
    .map(
      (r) =>
        `<tr><td class="pt-symbols" data-symbols="${r.symbols.join(',')}"></td><td>${r.note ? `<small>${r.note}</small>` : ''}</td><td class="pt-pay">${r.label}</td></tr>`,
    )
    .join('');
  const reels = [0, 1, 2]
    .map((i) => `<div class="reel" data-testid="reel-${i}"><div class="strip"></div></div>`)
    .join('');
  return shell(
    `${gameName} · Demo slot`,
    `<main class="app">
  <header class="top">
    <a class="back" href="${escapeHtml(session.exitUrl)}" data-testid="exit">‹ Wallet</a>
    <h1 class="title" data-testid="game-name">${escapeHtml(gameName)}</h1>
    <span class="demo">DEMO</span>
  </header>
  <section class="balance-card">
    <span class="label">Balance</span>
    <strong class="balance" id="balance" data-testid="balance">฿0.00</strong>
  </section>
  <section class="cabinet" id="cabinet">
    <div class="marquee" aria-hidden="true"></div>
    <div class="window" role="img" aria-label="reels" id="reels">${reels}<div class="payline" aria-hidden="true"></div></div>
    <div class="marquee bottom" aria-hidden="true"></div>
  </section>
  <p class="message" id="message" data-testid="message" role="status" aria-live="polite">Pick your bet and spin!</p>
  <section class="controls">
    <div class="chips" role="group" aria-label="Bet">${bets}</div>
    <button type="button" class="spin" id="spin" data-testid="spin">SPIN</button>
  </section>
  <details class="panel"><summary>Paytable</summary><table class="paytable">${paytable}</table></details>
  <section class="panel history-panel"><h2>Recent spins</h2><ol class="history" id="history" data-testid="history">${history}</ol></section>
</main>`,
    ` data-session="${escapeHtml(session.id)}" data-balance="${balance}"`,
  );
}

/** The page for a used, expired or unknown launch link. */
export function renderExpiredPage(): string {
  return shell(
    'Game link expired',
    `<main class="app expired"><h1 class="title">Link expired</h1>
<p class="message">This game link was already used or has expired. Open the game again from your wallet.</p></main>`,
  );
}
