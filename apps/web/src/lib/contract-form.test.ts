import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractResolver } from './contract-form';

const schema = z.object({ quantity: z.number().int().min(0), name: z.string().min(1, 'Enter a name') });

describe('contract forms', () => {
  it('say "Enter a number" for a cleared number field, not zod’s own words', async () => {
    const resolve = contractResolver(schema);
    const result = await resolve({ quantity: Number.NaN, name: 'Ada' } as never, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors.quantity?.message).toBe('Enter a number');
  });

  it('keep a schema’s own message', async () => {
    const resolve = contractResolver(schema);
    const result = await resolve({ quantity: 2, name: '' } as never, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors.name?.message).toBe('Enter a name');
  });
});
