import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'ui',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // above the 10 s Testing Library wait (src/testing/setup.ts): a loaded 2-core machine renders slowly
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
