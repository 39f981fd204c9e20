import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

/**
 * The static boot shell in index.html carries its own inline styles, so the app stylesheet need not block the
 * first paint: move it from <head> to the end of <body> (the module scripts still wait for it before running).
 */
const stylesheetAfterShell = (): Plugin => ({
  name: 'stylesheet-after-shell',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const links = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
      const body = links.reduce((out, link) => out.replace(link, ''), html);
      return body.replace('</body>', `${links.map((l) => l.trim()).join('\n')}\n  </body>`);
    },
  },
});

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  plugins: [react(), tailwindcss(), stylesheetAfterShell()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: { target: 'es2022', chunkSizeWarningLimit: 200, manifest: true, outDir: process.env.PLAYER_OUT_DIR ?? 'dist' },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/sandbox': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
