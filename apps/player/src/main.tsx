import { setNonce } from 'get-nonce';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createRouter, routerReady } from './app/router.tsx';
import i18next, { initI18n } from './lib/i18n.ts';
import './styles.css';

// the page's CSP nonce (the server adds the meta tag): the dialogs' scroll lock inserts its <style> with it
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) setNonce(nonce);

/**
 * The built page requests the app stylesheet after the shell's first paint (vite.config.ts: appAfterFirstPaint),
 * without blocking anything: the first commit waits for it (loaded, or failed: the loader marks it settled), so the
 * real screen never shows unstyled.
 */
function stylesheetsLoaded(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet && !link.hasAttribute('data-settled'),
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise((resolve) => {
          link.addEventListener('load', resolve, { once: true });
          link.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
}

/** The first commit waits at most this long for the web fonts (a slow network shows the fallback font, then Noto). */
const FONT_WAIT_MS = 1_500;

/**
 * The web fonts of the first screen, requested as soon as the stylesheet declares them and the language is known: the
 * first commit waits for them, so the real screen lays out once, in Noto, instead of in a fallback font that Noto then
 * replaces (each replacement shifted the login card, the register step and the home balance card: Lighthouse's CLS,
 * docs/performance.md). Thai text and Latin (digits, the brand) are in Noto Sans Thai, Lao text in Noto Sans Lao.
 */
async function firstScreenFonts(): Promise<unknown> {
  if (!('fonts' in document)) return;
  const language = i18next.language;
  const faces: [family: string, sample: string][] = [['Noto Sans Thai', language === 'th' ? 'กA' : 'A']];
  if (language === 'la') faces.push(['Noto Sans Lao', 'ກ']);
  const loads = ['400', '600', '700'].flatMap((weight) =>
    faces.map(([family, sample]) => document.fonts.load(`${weight} 16px "${family}"`, sample).catch(() => undefined)),
  );
  return Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
}

const root = document.getElementById('root');
if (root) {
  // index.html paints a static shell inside #root; React's first commit replaces it, so wait until the
  // language, the stylesheet with its fonts and the first route (its lazy chunk and loader) are ready and that commit
  // is the real screen.
  const router = createRouter();
  await Promise.all([Promise.all([initI18n(), stylesheetsLoaded()]).then(firstScreenFonts), routerReady(router)]);
  // a transition lets React render the first screen in small slices (no long task blocks input while it renders)
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Suspense fallback={null}>
          <App router={router} />
        </Suspense>
      </StrictMode>,
    ),
  );
}
