import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The dev server forwards the three HTTP surfaces to the back end (default: `npm run dev` of the server).
const apiTarget = process.env.VITE_PROXY_TARGET ?? 'http://localhost:3000';
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
  },
});
