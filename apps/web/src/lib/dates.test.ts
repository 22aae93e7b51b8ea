import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatTime,
  formatUtcDate,
  formatUtcDateTime,
  formatUtcDayMonth,
} from './dates';

describe('dates (en-NG, day first, no seconds)', () => {
  it('shows a calendar day day-first, whatever the time zone', () => {
    expect(formatDate('2026-03-01')).toBe('1 Mar 2026');
    expect(formatDate('1990-05-01')).toBe('1 May 1990');
  });

  it('shows an instant day-first with hours and minutes and no seconds', () => {
    const instant = new Date(2026, 10, 23, 14, 5, 9);
    expect(formatDate(instant)).toBe('23 Nov 2026');
    expect(formatDateTime(instant)).toBe('23 Nov 2026, 14:05');
    expect(formatDateTime(instant.toISOString())).toBe('23 Nov 2026, 14:05');
    expect(formatTime(instant)).toBe('14:05');
  });

  it('shows UTC instants for admin screens', () => {
    expect(formatUtcDateTime('2026-11-20T14:05:59Z')).toBe('20 Nov 2026, 14:05 UTC');
    expect(formatUtcDate(Date.UTC(2026, 0, 31))).toBe('31 Jan 2026');
    expect(formatUtcDayMonth(Date.UTC(2026, 0, 31))).toBe('31 Jan');
  });

  it('shows a range with or without its end', () => {
    expect(formatDateRange('2026-03-01', '2026-03-31')).toBe('1 Mar 2026 to 31 Mar 2026');
    expect(formatDateRange('2026-03-01', null)).toBe('From 1 Mar 2026');
  });
});

describe('one way to show dates', () => {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return files(full);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
    });

  it('formats dates only in lib/dates.ts', () => {
    const offenders = files(src)
      .filter((file) => !file.endsWith(path.join('lib', 'dates.ts')))
      .filter((file) =>
        /toLocaleString|toLocaleDateString|toLocaleTimeString|Intl\.DateTimeFormat/.test(
          fs.readFileSync(file, 'utf8'),
        ),
      )
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });
});
