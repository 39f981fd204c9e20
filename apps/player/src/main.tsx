import { setNonce } from 'get-nonce';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createRouter, routerReady } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
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

const root = document.getElementById('root');
if (root) {
  // index.html paints a static shell inside #root; React's first commit replaces it, so wait until the
  // language and the first route (its lazy chunk and loader) are ready and that commit is the real screen.
  const router = createRouter();
  await Promise.all([initI18n(), routerReady(router), stylesheetsLoaded()]);
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
