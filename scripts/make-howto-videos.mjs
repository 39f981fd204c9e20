// Generates the five how-to clips of SPEC.md §2 into apps/player/public/videos/{code}.mp4 (+ {code}.jpg poster).
//
//   node scripts/make-howto-videos.mjs            # all five
//   node scripts/make-howto-videos.mjs wallet     # one
//
// Each clip is an 8 s, 540×960, 30 fps H.264 storyboard: a title card, three animated steps drawn as the
// app's own screens (same dark/gold design, Thai text shaped by Chromium with Noto Sans Thai), and an outro.
// Frames are rendered by Debian's Chromium through playwright-core, then encoded by Debian's ffmpeg
// (/usr/bin/ffmpeg, libx264). Nothing is downloaded. Keep every clip under 400 KB (checked at the end).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'apps/player/public/videos');
const require = createRequire(import.meta.url);
const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const WIDTH = 540;
const HEIGHT = 960;
const RENDER_FPS = 15;
const DURATION_S = 8;
const MAX_BYTES = 400 * 1024;

const font = (file) => readFileSync(require.resolve(`@fontsource/noto-sans-thai/files/${file}`)).toString('base64');
const FONT_FACES = [400, 700]
  .flatMap((weight) => [
    `@font-face{font-family:'Noto Sans Thai';font-weight:${weight};src:url(data:font/woff2;base64,${font(`noto-sans-thai-thai-${weight}-normal.woff2`)}) format('woff2');unicode-range:U+0E01-0E5B,U+200C-200D,U+25CC;}`,
    `@font-face{font-family:'Noto Sans Thai';font-weight:${weight};src:url(data:font/woff2;base64,${font(`noto-sans-thai-latin-${weight}-normal.woff2`)}) format('woff2');unicode-range:U+0000-00FF,U+2013-2026;}`,
  ])
  .join('\n');

/**
 * What each clip shows. `screen` picks the mock screen drawn for a step and `target` the element the
 * finger taps (highlighted with a pulsing ring).
 */
const CLIPS = [
  {
    code: 'wallet',
    icon: '฿',
    title: 'วิธีเติมเงินเข้ากระเป๋า',
    subtitle: 'Top up your wallet',
    steps: [
      { text: 'แตะปุ่ม “ฝากเงิน” ที่หน้าหลัก', screen: 'home', target: 'deposit' },
      { text: 'เลือกโอนผ่านธนาคาร หรือสแกน QR', screen: 'deposit', target: 'qr' },
      { text: 'โอนแล้วรอไม่เกิน 1 นาที ยอดเข้าอัตโนมัติ', screen: 'done', target: 'balance' },
    ],
  },
  {
    code: 'play',
    icon: '▶',
    title: 'วิธีเข้าเล่นเกม',
    subtitle: 'Start playing',
    steps: [
      { text: 'เลือกเกมจากบัญชีเกมที่หน้าหลัก', screen: 'games', target: 'game' },
      { text: 'แตะ “เปิดบัญชี” เพื่อเปิดใช้งาน', screen: 'game', target: 'open' },
      { text: 'โอนเงินเข้าเกม แล้วแตะ “เล่นเลย”', screen: 'game-ready', target: 'play' },
    ],
  },
  {
    code: 'balance',
    icon: '◎',
    title: 'วิธีตรวจสอบยอดเงิน',
    subtitle: 'Check your balance',
    steps: [
      { text: 'ดูยอดเงินรวมได้ที่หน้าหลัก', screen: 'home', target: 'balance' },
      { text: 'แตะ “ตรวจสอบยอด” เพื่ออัปเดตล่าสุด', screen: 'home', target: 'refresh' },
      { text: 'ดูรายการย้อนหลังที่เมนู “ประวัติ”', screen: 'statement', target: 'row' },
    ],
  },
  {
    code: 'bonus',
    icon: '★',
    title: 'วิธีรับโบนัส',
    subtitle: 'Claim a bonus',
    steps: [
      { text: 'แตะ “เงื่อนไขโบนัส” ที่หน้าหลัก', screen: 'home', target: 'bonus' },
      { text: 'เลือกโบนัส หรือกรอกโค้ดโปรโมชั่น', screen: 'bonus', target: 'card' },
      { text: 'ทำยอดเทิร์นตามเงื่อนไข แล้วถอนได้เลย', screen: 'bonus-active', target: 'status' },
    ],
  },
  {
    code: 'cancel-bonus',
    icon: '✕',
    title: 'วิธียกเลิกโบนัส',
    subtitle: 'Cancel a bonus',
    steps: [
      { text: 'ไปที่หน้า “โบนัส”', screen: 'home', target: 'bonus' },
      { text: 'แตะ “ยกเลิกโบนัส” ที่โบนัสปัจจุบัน', screen: 'bonus-active', target: 'cancel' },
      { text: 'ยืนยัน ระบบจะสิ้นสุดโบนัสทันที', screen: 'confirm', target: 'confirm' },
    ],
  },
];

const PAGE = `<!doctype html><html lang="th"><head><meta charset="utf-8"><style>
${FONT_FACES}
*{box-sizing:border-box;margin:0;padding:0}
html,body{width:${WIDTH}px;height:${HEIGHT}px;overflow:hidden;background:#070a14;color:#f3f5fb;font-family:'Noto Sans Thai',sans-serif}
.bg{position:absolute;inset:0;background:radial-gradient(120% 60% at 50% 0%,#2a1d5c 0%,#070a14 60%)}
.glow{position:absolute;width:520px;height:520px;border-radius:50%;background:radial-gradient(circle,#f5b70033,transparent 65%);left:10px;top:-120px}
.brand{position:absolute;top:34px;left:0;right:0;display:flex;justify-content:center;align-items:center;gap:12px;font-weight:700;font-size:22px}
.logo{width:40px;height:40px;border-radius:12px;background:linear-gradient(135deg,#f5b700,#7c3aed);display:flex;align-items:center;justify-content:center;color:#1a1306;font-size:22px}
.scene{position:absolute;inset:0}
.title{display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;gap:22px;padding:0 40px}
.badge{width:150px;height:150px;border-radius:44px;background:linear-gradient(135deg,#f5b700,#d08a00);display:flex;align-items:center;justify-content:center;font-size:76px;font-weight:700;color:#1a1306;box-shadow:0 24px 60px -18px #f5b700aa}
.title h1{font-size:44px;line-height:1.35;font-weight:700}
.title p{font-size:22px;color:#9aa3bf;letter-spacing:.04em}
.dots{position:absolute;top:96px;left:0;right:0;display:flex;justify-content:center;gap:10px}
.dot{width:34px;height:6px;border-radius:3px;background:#26304f}
.dot.on{background:#f5b700}
.phone{position:absolute;left:60px;top:136px;width:420px;height:560px;border-radius:40px;background:#0d1223;border:2px solid #26304f;box-shadow:0 40px 80px -30px #000;overflow:hidden;padding:22px 20px}
.caption{position:absolute;left:36px;right:36px;top:724px;display:flex;gap:18px;align-items:flex-start}
.num{flex:none;width:58px;height:58px;border-radius:18px;background:#f5b700;color:#1a1306;font-weight:700;font-size:30px;display:flex;align-items:center;justify-content:center}
.caption p{font-size:29px;line-height:1.45;font-weight:700}
.bar{display:flex;justify-content:space-between;align-items:center;font-size:15px;color:#9aa3bf;margin-bottom:16px}
.card{border-radius:22px;background:linear-gradient(180deg,#121933,#0d1223);border:1px solid #26304f;padding:16px;margin-bottom:12px}
.hero{background:linear-gradient(145deg,#3b2a78,#0d1223 70%);border-color:#f5b70055}
.muted{color:#9aa3bf;font-size:14px}
.big{font-size:34px;font-weight:700;margin-top:4px}
.grid{display:grid;grid-template-columns:repeat(3,1fr);gap:10px;margin-bottom:12px}
.tile{border-radius:18px;background:#121933;border:1px solid #26304f;height:86px;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:6px;font-size:14px;font-weight:700}
.tile i{font-style:normal;width:34px;height:34px;border-radius:11px;background:#f5b70022;color:#f5b700;display:flex;align-items:center;justify-content:center;font-size:18px}
.row{display:flex;justify-content:space-between;align-items:center;padding:12px 4px;border-bottom:1px solid #26304f;font-size:15px}
.btn{border-radius:16px;background:linear-gradient(180deg,#ffd24d,#f5b700);color:#1a1306;font-weight:700;font-size:18px;text-align:center;padding:14px 0;margin-top:10px}
.btn.ghost{background:#1a2342;color:#f3f5fb;border:1px solid #36426a}
.btn.danger{background:#f0526b;color:#fff}
.green{color:#22c55e}
.hl{position:relative;outline:3px solid #f5b700;outline-offset:3px;border-radius:18px}
.ring{position:absolute;width:70px;height:70px;margin:-35px 0 0 -35px;border-radius:50%;border:4px solid #fff;pointer-events:none}
.finger{position:absolute;width:34px;height:34px;margin:-17px 0 0 -17px;border-radius:50%;background:#ffffffcc;box-shadow:0 0 0 8px #ffffff33}
.outro{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:18px;text-align:center}
.outro .check{width:120px;height:120px;border-radius:50%;background:#22c55e22;color:#22c55e;display:flex;align-items:center;justify-content:center;font-size:64px;font-weight:700}
.outro h2{font-size:36px;font-weight:700}
.outro p{color:#9aa3bf;font-size:20px}
</style></head><body><div class="bg"></div><div class="glow" id="glow"></div>
<div class="brand"><span class="logo">L</span>Lucky Wallet</div><div id="stage"></div></body></html>`;

/** Mock screens, drawn in the app's look; `data-t` marks tappable targets. */
const SCREENS = {
  home: `<div class="bar"><span>สวัสดี, Somchai</span><span>◉ 12 เหรียญ</span></div>
    <div class="card hero" data-t="balance"><div class="muted">ยอดเงินรวม (บาท)</div><div class="big">1,250.00</div>
    <div class="muted" style="margin-top:8px" data-t="refresh">⟳ ตรวจสอบยอด · อัปเดต 10:24</div></div>
    <div class="grid"><div class="tile" data-t="deposit"><i>＋</i>ฝากเงิน</div><div class="tile"><i>－</i>ถอนเงิน</div><div class="tile"><i>⇄</i>โยกเงิน</div>
    <div class="tile"><i>◎</i>กงล้อ</div><div class="tile"><i>☺</i>ชวนเพื่อน</div><div class="tile" data-t="bonus"><i>★</i>เงื่อนไขโบนัส</div></div>
    <div class="card"><div class="muted">สล็อต</div><div class="row" style="border:0"><span>PG Slot</span><span>0.00</span></div></div>`,
  deposit: `<div class="bar"><span>ฝากเงิน</span><span>✕</span></div>
    <div class="grid" style="grid-template-columns:1fr 1fr 1fr"><div class="tile"><i>฿</i>ธนาคาร</div><div class="tile" data-t="qr"><i>▦</i>QR</div><div class="tile"><i>◈</i>วอลเล็ท</div></div>
    <div class="card"><div class="muted">โอนเข้าบัญชี</div><div style="font-weight:700;font-size:18px;margin-top:6px">ธนาคารกสิกรไทย</div><div class="big" style="font-size:26px">048-123-4567</div><div class="muted">บจก. แซนด์บ็อกซ์ วอลเล็ท</div></div>
    <div class="btn ghost">คัดลอกเลขบัญชี</div>`,
  done: `<div class="bar"><span>หน้าหลัก</span><span>◉ 13 เหรียญ</span></div>
    <div class="card hero" data-t="balance"><div class="muted">ยอดเงินรวม (บาท)</div><div class="big">1,750.00</div><div class="muted green" style="margin-top:8px">+500.00 เข้าแล้ว</div></div>
    <div class="card"><div class="row"><span>ฝากเงิน</span><span class="green">+500.00</span></div><div class="row" style="border:0"><span class="muted">สถานะ</span><span class="green">สำเร็จ</span></div></div>`,
  games: `<div class="bar"><span>บัญชีเกม</span><span>สล็อต · กีฬา · หวย</span></div>
    <div class="grid" style="grid-template-columns:1fr 1fr"><div class="tile" style="height:130px" data-t="game"><i>♠</i>PG Slot<span class="muted">เปิดบัญชี</span></div><div class="tile" style="height:130px"><i>♣</i>Joker<span class="muted">0.00</span></div>
    <div class="tile" style="height:130px"><i>⚽</i>Sport<span class="muted">0.00</span></div><div class="tile" style="height:130px"><i>★</i>Lotto<span class="muted">0.00</span></div></div>`,
  game: `<div class="bar"><span>PG Slot</span><span>✕</span></div><div class="card" style="text-align:center;padding:30px 16px"><div style="font-size:54px">♠</div><div style="font-weight:700;font-size:22px;margin-top:8px">PG Slot</div><div class="muted">ยังไม่ได้เปิดบัญชี</div></div>
    <div class="btn" data-t="open">เปิดบัญชี</div>`,
  'game-ready': `<div class="bar"><span>PG Slot</span><span>✕</span></div><div class="card"><div class="muted">ยอดในเกม</div><div class="big">300.00</div></div>
    <div class="card"><div class="muted">โอนเข้าเกม (บาท)</div><div style="font-size:26px;font-weight:700;margin-top:6px">300</div></div><div class="btn" data-t="play">เล่นเลย</div>`,
  statement: `<div class="bar"><span>ประวัติ</span><span>หน้า 1/3</span></div><div class="card">
    <div class="row" data-t="row"><span>ฝากเงิน<br><span class="muted">01/05/2024 10:04</span></span><span class="green">+500.00</span></div>
    <div class="row"><span>โยกเงินเข้าเกม<br><span class="muted">01/05/2024 10:06</span></span><span>-300.00</span></div>
    <div class="row"><span>ถอนเงิน<br><span class="muted">02/05/2024 18:30</span></span><span>-200.00</span></div>
    <div class="row" style="border:0"><span>โบนัส<br><span class="muted">03/05/2024 09:12</span></span><span class="green">+50.00</span></div></div>`,
  bonus: `<div class="bar"><span>โบนัส</span><span>★</span></div><div class="card"><div class="muted">โค้ดโปรโมชั่น</div><div class="row" style="border:0"><span style="font-weight:700">WELCOME100</span><span class="muted">ใช้โค้ด</span></div></div>
    <div class="card hero" data-t="card"><div style="font-weight:700;font-size:20px">สมาชิกใหม่ 100%</div><div class="muted">รับได้ 1 ครั้ง · เทิร์น 5 เท่า</div><div class="btn">รับโบนัส</div></div>
    <div class="card"><div style="font-weight:700">โบนัสรายวัน 10%</div><div class="muted">รับได้วันละ 1 ครั้ง</div></div>`,
  'bonus-active': `<div class="bar"><span>โบนัส</span><span>★</span></div><div class="card hero" data-t="status"><div class="muted">โบนัสปัจจุบัน</div><div style="font-weight:700;font-size:22px;margin-top:4px">สมาชิกใหม่ 100%</div>
    <div class="muted" style="margin-top:10px">ยอดเทิร์น 1,200 / 5,000</div><div style="height:10px;border-radius:5px;background:#26304f;margin-top:8px"><div style="width:24%;height:10px;border-radius:5px;background:#f5b700"></div></div></div>
    <div class="btn danger" data-t="cancel">ยกเลิกโบนัส</div>`,
  confirm: `<div class="bar"><span>โบนัส</span><span>★</span></div><div class="card" style="margin-top:60px;text-align:center;padding:26px 18px"><div style="font-size:40px">⚠</div><div style="font-weight:700;font-size:22px;margin-top:6px">ยกเลิกโบนัส?</div>
    <div class="muted" style="margin-top:6px">โบนัสที่ใช้อยู่จะสิ้นสุดทันที</div><div class="btn" data-t="confirm">ยืนยัน</div><div class="btn ghost">ยกเลิก</div></div>`,
};

const TITLE_END = 1.9;
const OUTRO_START = 7.1;

/** Runs in the page: lays out the frame for clip time `t` (seconds). Deterministic, so frames can be rendered in any order. */
function renderFrame({ clip, screens, t, titleEnd, outroStart }) {
  const stage = document.getElementById('stage');
  const ease = (x) => 1 - Math.pow(1 - Math.min(1, Math.max(0, x)), 3);
  document.getElementById('glow').style.transform = `translateX(${Math.sin(t * 0.8) * 30}px)`;
  if (t < titleEnd) {
    const a = ease(t / 0.6);
    const out = t > titleEnd - 0.35 ? 1 - (t - (titleEnd - 0.35)) / 0.35 : 1;
    stage.innerHTML = `<div class="scene title" style="opacity:${a * out}"><div class="badge" style="transform:scale(${0.7 + 0.3 * a}) rotate(${(1 - a) * -12}deg)">${clip.icon}</div>
      <h1 style="transform:translateY(${(1 - a) * 30}px)">${clip.title}</h1><p>${clip.subtitle}</p></div>`;
    return;
  }
  if (t >= outroStart) {
    const a = ease((t - outroStart) / 0.45);
    stage.innerHTML = `<div class="scene outro" style="opacity:${a}"><div class="check" style="transform:scale(${0.6 + 0.4 * a})">✓</div><h2>${clip.title}</h2><p>${clip.subtitle}</p></div>`;
    return;
  }
  const per = (outroStart - titleEnd) / clip.steps.length;
  const index = Math.min(clip.steps.length - 1, Math.floor((t - titleEnd) / per));
  const local = (t - titleEnd - index * per) / per;
  const step = clip.steps[index];
  const slide = ease(local / 0.18);
  const dots = clip.steps.map((_, i) => `<span class="dot ${i <= index ? 'on' : ''}"></span>`).join('');
  stage.innerHTML = `<div class="scene"><div class="dots">${dots}</div>
    <div class="phone" style="transform:translateX(${(1 - slide) * 60}px);opacity:${slide}">${screens[step.screen]}</div>
    <div class="caption" style="opacity:${ease(local / 0.25)};transform:translateY(${(1 - ease(local / 0.25)) * 16}px)"><span class="num">${index + 1}</span><p>${step.text}</p></div></div>`;
  const target = stage.querySelector(`[data-t="${step.target}"]`);
  if (!target) return;
  if (local > 0.3) target.classList.add('hl');
  const box = target.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  // the finger glides in from the lower right, taps at ~45%, and a ring ripples out
  const approach = ease((local - 0.15) / 0.3);
  const fx = x + (1 - approach) * 140;
  const fy = y + (1 - approach) * 220;
  if (local > 0.15)
    stage.insertAdjacentHTML(
      'beforeend',
      `<div class="finger" style="left:${fx}px;top:${fy}px;transform:scale(${local > 0.45 && local < 0.55 ? 0.8 : 1})"></div>`,
    );
  if (local > 0.45) {
    const r = ((local - 0.45) % 0.3) / 0.3;
    stage.insertAdjacentHTML(
      'beforeend',
      `<div class="ring" style="left:${x}px;top:${y}px;transform:scale(${0.6 + r * 1.4});opacity:${1 - r}"></div>`,
    );
  }
}

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr?.toString().slice(-2000)}`);
}

async function main() {
  const only = process.argv.slice(2);
  const clips = only.length ? CLIPS.filter((clip) => only.includes(clip.code)) : CLIPS;
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
    await page.setContent(PAGE);
    await page.evaluate(() => document.fonts.load("700 20px 'Noto Sans Thai'", 'ก'));
    for (const clip of clips) {
      const work = mkdtempSync(path.join(tmpdir(), `howto-${clip.code}-`));
      const frames = DURATION_S * RENDER_FPS;
      for (let frame = 0; frame < frames; frame += 1) {
        await page.evaluate(renderFrame, {
          clip,
          screens: SCREENS,
          t: frame / RENDER_FPS,
          titleEnd: TITLE_END,
          outroStart: OUTRO_START,
        });
        await page.screenshot({ path: path.join(work, `f${String(frame).padStart(4, '0')}.png`) });
      }
      const mp4 = path.join(outDir, `${clip.code}.mp4`);
      run(FFMPEG, [
        '-y',
        '-loglevel',
        'error',
        '-framerate',
        String(RENDER_FPS),
        '-i',
        path.join(work, 'f%04d.png'),
        '-vf',
        'fps=30,format=yuv420p',
        '-c:v',
        'libx264',
        '-preset',
        'slow',
        '-crf',
        '27',
        '-tune',
        'animation',
        '-profile:v',
        'high',
        '-movflags',
        '+faststart',
        '-metadata',
        `title=${clip.subtitle}`,
        mp4,
      ]);
      // poster: the first step with its highlight (frame at 3.2 s)
      run(FFMPEG, [
        '-y',
        '-loglevel',
        'error',
        '-ss',
        '3.2',
        '-i',
        mp4,
        '-frames:v',
        '1',
        '-q:v',
        '5',
        path.join(outDir, `${clip.code}.jpg`),
      ]);
      rmSync(work, { recursive: true, force: true });
      const size = statSync(mp4).size;
      console.log(`${clip.code}.mp4  ${(size / 1024).toFixed(0)} KB`);
      if (size > MAX_BYTES) throw new Error(`${clip.code}.mp4 is over 400 KB`);
    }
  } finally {
    await browser.close();
  }
}

await main();
