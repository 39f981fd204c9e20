import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('1.1.14') },
  test: {
    name: 'player',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // userEvent typing through a whole wizard is slow on a loaded 2-core machine; above the 10 s Testing Library
    // wait (src/testing/setup.ts)
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
