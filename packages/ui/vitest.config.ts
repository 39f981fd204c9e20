import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'ui',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
  },
});
