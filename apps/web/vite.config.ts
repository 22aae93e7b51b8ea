import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';

// The dev server forwards the three HTTP surfaces to the back end (default: `npm run dev` of the server).
// 127.0.0.1, not localhost: the server listens on IPv4 loopback by default and localhost may resolve to ::1.
const apiTarget = process.env.VITE_PROXY_TARGET ?? 'http://127.0.0.1:3000';
const proxied = { target: apiTarget, changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
  },
});
