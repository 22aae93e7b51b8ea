import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractsLite, schemaChunkGroup } from './build/contracts-lite';
import { firstLoadChunkGroups, routeChunks } from './build/first-load-chunks';
import { precompress } from './build/precompress';

// The dev server forwards the three HTTP surfaces to the back end (default: `npm run dev` of the server).
// 127.0.0.1, not localhost: the server listens on IPv4 loopback by default and localhost may resolve to ::1.
const apiTarget = process.env.VITE_PROXY_TARGET ?? 'http://127.0.0.1:3000';
const proxied = { target: apiTarget, changeOrigin: false };

const contractsDir = fileURLToPath(new URL('../../packages/contracts/src', import.meta.url));
const srcDir = fileURLToPath(new URL('./src', import.meta.url));
/** The chunks of the public pages (ADR 056, `build/first-load-chunks.ts`); paths are relative to `src/`. */
const firstLoad = {
  shell: ['app/layouts/customer-layout.tsx'],
  areas: {
    home: ['app/routes/customer/home.tsx'],
    listing: ['app/routes/customer/search.tsx', 'app/routes/customer/category.tsx'],
    // The storefront's layout (theme, header) apart from its listing pages: a storefront product page (the link
    // shared on WhatsApp) is the layout and `product`. Before `product`, which renders inside the layout.
    storefront: ['app/routes/storefront/layout.tsx'],
    store: ['app/routes/storefront/home.tsx', 'app/routes/storefront/category.tsx'],
    product: [
      'app/routes/customer/product.tsx',
      'app/routes/storefront/product.tsx',
      'features/catalog/components/product-details.tsx',
    ],
  },
};

/**
 * The dashboards' routes and layouts (merchant, admin, partner, theme editor). Their chunks are named `dash-…` and
 * their dependency lists are left out of the preload table every public page downloads with the router: with a
 * hundred dashboard routes that table alone weighed several KiB of a public page's budget. A dashboard screen
 * fetches its few shared chunks when it loads instead of alongside it.
 */
const dashboardModule =
  /\/src\/app\/(routes\/(merchant|admin|partner|themes)\/|layouts\/(merchant|admin|partner)-layout)/;

/**
 * A signed-in customer's own pages (their account, cart, checkout, orders, wishlist, gift cards): named `acct-…` and, like the
 * dashboards, left out of the preload table the public pages download with the router. Each new account page
 * grew every public page's first load by its dependency list (issue 36's wishlist and tracking pages took the
 * storefront product page past its 120 KiB); behind a sign-in, one more round trip when one opens is the cheaper
 * side.
 */
const accountModule =
  /\/src\/app\/routes\/customer\/(addresses|following|profile|testimonial|orders|order|order-return|notifications|wishlist|my-gift-cards|gift-card-complete|cart|checkout|checkout-complete|confirm-email-change)\.tsx$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    contractsLite(contractsDir),
    react(),
    tailwindcss(),
    isSsrBuild ? null : precompress(),
    isSsrBuild ? null : routeChunks(),
    {
      // react-router exports only its development build (warnings and checks, about 10 KiB more compressed); the
      // production build sits beside it.
      name: 'market:react-router-production',
      apply: 'build',
      config: () => ({
        resolve: {
          alias: [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ],
        },
      }),
    },
  ],
  server: {
    proxy: {
      '/api': proxied,
      '/shipping-api': proxied,
      '/themes-api': proxied,
    },
  },
  // The server renderer of the public pages (ADR 029): `vite build --ssr src/entry-server.tsx`, one file and its
  // lazy chunks in dist-server/, with every dependency bundled (their production builds; the server runs it as is).
  ssr: { noExternal: true, target: 'node' },
  // React's production builds on the server whatever NODE_ENV the server runs with (development is several times slower).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true, target: 'node20', sourcemap: false, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: false,
        // Read by the bundle budget check (e2e/bundle-budget.e2e.ts): what each public page loads first.
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [schemaChunkGroup(contractsDir), ...firstLoadChunkGroups(srcDir, firstLoad)],
            },
            chunkFileNames: (chunk) =>
              chunk.facadeModuleId && dashboardModule.test(chunk.facadeModuleId)
                ? 'assets/dash-[name]-[hash].js'
                : chunk.facadeModuleId && accountModule.test(chunk.facadeModuleId)
                  ? 'assets/acct-[name]-[hash].js'
                  : 'assets/[name]-[hash].js',
          },
        },
        modulePreload: {
          polyfill: false,
          resolveDependencies: (chunk, dependencies) =>
            /(^|\/)(dash|acct)-/.test(chunk) ? [] : dependencies,
        },
      },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Worker threads start faster than forked processes: the 99 files took 105 CPU-seconds instead of 115.
    pool: 'threads',
    // Files share a worker's modules (ADR 099): setting up jsdom and importing React and the app per file cost
    // 335 CPU-seconds for 110 files (176 s on two cores); shared, 53 (38 s). The set-up (src/test/setup.ts) puts
    // back the one module state a file can see: the toasts.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Typing into forms through user-event takes seconds on a busy two-core CI machine; 5 s flaked there, and 20 s
    // did beside the server tests and journeys (the product form, clean clones' CI of a23ac82 and d6cdf8e).
    testTimeout: 60_000,
  },
}));
