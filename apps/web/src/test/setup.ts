import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetToasts } from '../lib/notify';

// `findBy…` and `waitFor` wait up to 5 s, not Testing Library's 1 s: `npm test` runs these tests beside the server
// tests and the journeys, and on a fresh clone's run a screen's answer took longer than 1 s to render once
// (catalogue-spreadsheet.test.tsx, load about 20). A test that fails still fails, 4 s later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  forgetToasts();
});
