import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'backoffice',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
