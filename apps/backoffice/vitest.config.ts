import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'backoffice',
    root: import.meta.dirname,
    // component tests (forms) render in jsdom; the rest is plain logic
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // userEvent typing through a form is slow on a loaded 2-core machine; above the 10 s Testing Library wait
    // (src/testing/setup.ts)
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
