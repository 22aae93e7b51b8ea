import { describe, expect, it } from 'vitest';
import { humanizeCode, labelFrom } from './labels';

describe('labels instead of stored codes', () => {
  it('turn a code no module knows yet into words rather than show it raw', () => {
    expect(humanizeCode('apple_pay')).toBe('Apple pay');
    expect(humanizeCode('drivers-licence')).toBe('Drivers licence');
    expect(labelFrom({ standard: 'Standard' }, 'standard')).toBe('Standard');
    expect(labelFrom({}, 'pending')).toBe('Pending');
  });
});
