import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The dev server forwards the three HTTP surfaces to the back end (default: `npm run dev` of the server).
// 127.0.0.1, not localhost: the server listens on IPv4 loopback by default and localhost may resolve to ::1.
const apiTarget = process.env.VITE_PROXY_TARGET ?? 'http://127.0.0.1:3000';
const proxied = { target: apiTarget, changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': proxied,
      '/shipping-api': proxied,
      '/themes-api': proxied,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Typing into forms through user-event takes seconds on a busy two-core CI machine; 5 s flaked there.
    testTimeout: 20_000,
  },
});
