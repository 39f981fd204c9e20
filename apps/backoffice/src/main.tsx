import { setNonce } from 'get-nonce';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n.ts';
import './styles.css';

// the page's CSP nonce (the server adds the meta tag): the dialogs' scroll lock inserts its <style> with it
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) setNonce(nonce);

const root = document.getElementById('root');
if (root) {
  await initI18n();
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        <App />
      </Suspense>
    </StrictMode>,
  );
}
