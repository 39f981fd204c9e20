// Demo slot of the game sandbox. Outcomes come from the server (POST play/spin); this file only animates.
(() => {
  'use strict';

  const SYMBOLS = {
    cherry:
      '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M24 40 C26 26 34 16 46 10 M40 42 C40 28 42 18 46 10" fill="none" stroke="#2f8f2f" stroke-width="4" stroke-linecap="round"/><path d="M46 10 C52 6 60 10 60 16 C52 18 48 16 46 10Z" fill="#48b648"/><circle cx="22" cy="46" r="12" fill="#d90429"/><circle cx="42" cy="48" r="12" fill="#ef233c"/><circle cx="18" cy="41" r="3.5" fill="#ffb3c1"/><circle cx="38" cy="43" r="3.5" fill="#ffb3c1"/></svg>',
    lemon:
      '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M6 34 C10 16 30 8 46 14 C54 16 58 22 58 26 C60 30 60 34 56 38 C50 52 30 58 16 50 C10 47 6 42 6 34Z" fill="#ffd60a" stroke="#e0a800" stroke-width="2.5"/><ellipse cx="26" cy="26" rx="9" ry="4" fill="#fff3a6" transform="rotate(-25 26 26)"/></svg>',
    bell: '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M32 6 C20 6 15 17 15 29 C15 38 12 42 8 47 L56 47 C52 42 49 38 49 29 C49 17 44 6 32 6Z" fill="#f7c948" stroke="#b8860b" stroke-width="2.5"/><circle cx="32" cy="53" r="6" fill="#b8860b"/><path d="M22 20 C23 15 26 12 30 11" fill="none" stroke="#fff3b0" stroke-width="3" stroke-linecap="round"/></svg>',
    star: '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M32 4 L40 23 L60 24 L44 37 L50 58 L32 46 L14 58 L20 37 L4 24 L24 23Z" fill="#ff9f1c" stroke="#c76b00" stroke-width="2.5" stroke-linejoin="round"/><path d="M32 14 L36 25 L27 25Z" fill="#ffd89b"/></svg>',
    diamond:
      '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M16 8 H48 L60 24 L32 58 L4 24Z" fill="#4cc9f0" stroke="#1b6fa8" stroke-width="2.5" stroke-linejoin="round"/><path d="M4 24 H60 M16 8 L24 24 L32 58 L40 24 L48 8 M24 24 L32 8 L40 24" fill="none" stroke="#1b6fa8" stroke-width="1.8"/><path d="M18 12 L22 20" stroke="#e0fbff" stroke-width="3" stroke-linecap="round"/></svg>',
    seven:
      '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M12 8 H54 V18 C42 30 34 42 31 58 H17 C20 42 28 29 38 20 H12Z" fill="#e63946" stroke="#7a0010" stroke-width="3" stroke-linejoin="round"/><path d="M16 12 H48" stroke="#ffb3b8" stroke-width="2.5" stroke-linecap="round"/></svg>',
    any: '<svg viewBox="0 0 64 64" aria-hidden="true"><rect x="10" y="10" width="44" height="44" rx="10" fill="none" stroke="#b9a8d4" stroke-width="3" stroke-dasharray="6 5"/><text x="32" y="42" text-anchor="middle" font-size="26" font-weight="800" fill="#b9a8d4">?</text></svg>',
  };
  const NAMES = Object.keys(SYMBOLS).filter((s) => s !== 'any');
  const WIN_TEXT = { three: 'Three of a kind!', two: 'Pair!', cherry: 'Cherry!' };

  const body = document.body;
  const session = body.dataset.session;
  if (!session) return;

  const $ = (id) => document.getElementById(id);
  const balanceEl = $('balance');
  const messageEl = $('message');
  const spinButton = $('spin');
  const cabinet = $('cabinet');
  const historyEl = $('history');
  const chips = Array.from(document.querySelectorAll('.chip'));
  const reels = Array.from(document.querySelectorAll('.reel'));
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  let balance = BigInt(body.dataset.balance || '0');
  let bet = Number(chips.find((c) => c.getAttribute('aria-pressed') === 'true')?.dataset.bet || 1);
  let busy = false;

  const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const baht = (minor) => `฿${money.format(Number(minor) / 100)}`;
  const randomSymbol = () => NAMES[Math.floor(Math.random() * NAMES.length)];
  const cells = (symbols) => symbols.map((s) => `<div class="cell" data-symbol="${s}">${SYMBOLS[s]}</div>`).join('');

  function showBalance(value, isUp) {
    balance = value;
    balanceEl.textContent = baht(value);
    balanceEl.classList.toggle('up', Boolean(isUp));
  }

  function say(text, kind) {
    messageEl.textContent = text;
    messageEl.className = `message${kind ? ` ${kind}` : ''}`;
  }

  function setBusy(value) {
    busy = value;
    spinButton.disabled = value;
    for (const chip of chips) chip.disabled = value;
  }

  function renderHistoryItem(li, reelsText, stake, payout, at) {
    const symbols = reelsText.split(',').filter((s) => SYMBOLS[s]);
    const won = BigInt(payout) > 0n;
    const time = new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
    li.innerHTML =
      `<span>${symbols.map((s) => SYMBOLS[s]).join('')}</span>` +
      `<span>${baht(stake)} <span class="time">${time}</span></span>` +
      `<span class="${won ? 'won' : 'lost'}">${won ? `+${baht(payout)}` : '—'}</span>`;
  }

  function addHistory(result) {
    const li = document.createElement('li');
    renderHistoryItem(li, result.reels.join(','), result.stake, result.payout, result.placedAt);
    historyEl.prepend(li);
    while (historyEl.children.length > 8) historyEl.lastElementChild.remove();
  }

  function spinReel(reel, index, target) {
    const strip = reel.querySelector('.strip');
    const current = Array.from(strip.children).map((c) => c.dataset.symbol);
    const filler = Array.from({ length: 14 + index * 6 }, randomSymbol);
    const final = [randomSymbol(), target, randomSymbol()];
    strip.innerHTML = cells([...current, ...filler, ...final]);
    const cellHeight = strip.firstElementChild.getBoundingClientRect().height;
    const distance = (current.length + filler.length) * cellHeight;
    const duration = reduceMotion ? 150 : 1100 + index * 420;
    strip.style.transition = 'none';
    strip.style.transform = 'translateY(0)';
    void strip.offsetHeight; // restart from the top
    strip.style.transition = `transform ${duration}ms cubic-bezier(0.18, 0.82, 0.28, 1.04)`;
    strip.style.transform = `translateY(${-distance}px)`;
    return new Promise((resolve) => {
      setTimeout(() => {
        strip.style.transition = 'none';
        strip.style.transform = 'none';
        strip.innerHTML = cells(final);
        resolve();
      }, duration + 40);
    });
  }

  async function spin() {
    if (busy) return;
    setBusy(true);
    cabinet.classList.remove('win');
    for (const reel of reels) reel.classList.remove('hit');
    say('Good luck!');
    let result;
    try {
      const response = await fetch('play/spin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session, bet }),
      });
      result = await response.json();
      if (!response.ok) {
        if (result.code === 'INSUFFICIENT_BALANCE') {
          say('Not enough balance. Transfer credit from your wallet.', 'error');
          balanceEl.classList.remove('shake');
          void balanceEl.offsetWidth;
          balanceEl.classList.add('shake');
        } else if (result.code === 'SESSION_EXPIRED') {
          say('Session expired. Open the game again from your wallet.', 'error');
        } else {
          say('Something went wrong. Try again.', 'error');
        }
        setBusy(false);
        return;
      }
    } catch {
      say('Connection lost. Try again.', 'error');
      setBusy(false);
      return;
    }
    const after = BigInt(result.balance);
    const payout = BigInt(result.payout);
    showBalance(after - payout);
    await Promise.all(reels.map((reel, i) => spinReel(reel, i, result.reels[i])));
    if (payout > 0n) {
      const hits = result.win === 'three' ? [0, 1, 2] : result.win === 'two' ? [0, 1] : [0];
      for (const i of hits) reels[i].classList.add('hit');
      cabinet.classList.add('win');
      say(`${WIN_TEXT[result.win]} You win ${baht(payout)}`, 'win');
      showBalance(after, true);
    } else {
      say('No win this time. Spin again!');
      showBalance(after);
    }
    addHistory(result);
    setBusy(false);
  }

  for (const chip of chips) {
    chip.addEventListener('click', () => {
      if (busy) return;
      bet = Number(chip.dataset.bet);
      for (const other of chips) other.setAttribute('aria-pressed', String(other === chip));
    });
  }
  spinButton.addEventListener('click', spin);
  document.addEventListener('keydown', (event) => {
    if (event.code === 'Space' && event.target === document.body) {
      event.preventDefault();
      spin();
    }
  });

  for (const reel of reels)
    reel.querySelector('.strip').innerHTML = cells([randomSymbol(), randomSymbol(), randomSymbol()]);
  for (const cell of document.querySelectorAll('.pt-symbols')) {
    cell.innerHTML = cell.dataset.symbols
      .split(',')
      .map((s) => SYMBOLS[s] || '')
      .join('');
  }
  for (const li of historyEl.children)
    renderHistoryItem(li, li.dataset.reels, li.dataset.stake, li.dataset.payout, li.dataset.at);
  showBalance(balance);
})();
