import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

/**
 * The static boot shell in index.html paints from the HTML alone, so nothing the app loads belongs on the first
 * paint's path: the entry module, its modulepreloads and the stylesheet are taken out of the HTML and requested by a
 * small inline loader once the shell has painted (the frame after the first animation frame). The shell is the
 * largest paint of each route (its logo, poster or balance art are inline), so the first paint and the largest one
 * never wait for the JavaScript, and the app replaces the shell when its first route is ready (src/main.tsx waits
 * for the stylesheet too). The server gives the loader the page's CSP nonce (apps/server/src/http/serve-spa.ts).
 */
const appAfterFirstPaint = (): Plugin => ({
  name: 'app-after-first-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const found = { script: [] as string[], preload: [] as string[], style: [] as string[] };
      const rest = html
        .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_, src: string) => {
          found.script.push(src);
          return '';
        })
        .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
          found.preload.push(href);
          return '';
        })
        .replace(/\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_, href: string) => {
          found.style.push(href);
          return '';
        });
      if (found.script.length !== 1) throw new Error(`app-after-first-paint: ${found.script.length} entry scripts`);
      const loader = `(function () {
        var add = function (tag, props) {
          var el = Object.assign(document.createElement(tag), props);
          el.crossOrigin = '';
          document.head.appendChild(el);
          return el;
        };
        var settled = function () {
          this.setAttribute('data-settled', '');
        };
        var preloads = ${JSON.stringify(found.preload)};
        /* a request started on an empty cache costs the main thread about a millisecond (four on a slow phone):
           the preloads go a few per task, so no task blocks input for long */
        var preloadSome = function () {
          preloads.splice(0, 4).forEach(function (href) { add('link', { rel: 'modulepreload', href: href }); });
          if (preloads.length) setTimeout(preloadSome);
        };
        var load = function () {
          ${JSON.stringify(found.style)}.forEach(function (href) { add('link', { rel: 'stylesheet', href: href, onload: settled, onerror: settled }); });
          add('script', { type: 'module', src: ${JSON.stringify(found.script[0])} });
          setTimeout(preloadSome);
        };
        /* a tab opened in the background paints nothing and runs no animation frame: load at once there */
        if (document.hidden) load();
        else requestAnimationFrame(function () { setTimeout(load); });
      })();`;
      return rest.replace('</body>', `<script>${loader.replace(/\s*\n\s*/g, ' ')}</script>\n  </body>`);
    },
  },
});

/** The libraries of every first screen (the framework chunk, see `build` below). */
const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|use-sync-external-store)[\\/]/;

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  plugins: [react(), tailwindcss(), appAfterFirstPaint()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    target: 'es2022',
    // the framework chunk (below) is about 400 kB minified, on purpose
    chunkSizeWarningLimit: 420,
    manifest: true,
    outDir: process.env.PLAYER_OUT_DIR ?? 'dist',
    rolldownOptions: {
      output: {
        // the libraries every first screen runs (React, the router, i18n, the query client) as one chunk: split
        // across several small chunks they cost each a gzip dictionary of its own (docs/performance.md)
        codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK_MODULES }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/sandbox': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
