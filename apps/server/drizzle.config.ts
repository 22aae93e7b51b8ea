import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module owns its tables in its own *.schema.ts; platform adapters may own theirs (sandbox_charges).
  schema: ['./src/modules/*/*.schema.ts', './src/platform/**/*.schema.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
