import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetToasts } from '../lib/notify';

afterEach(() => {
  cleanup();
  localStorage.clear();
  forgetToasts();
});
