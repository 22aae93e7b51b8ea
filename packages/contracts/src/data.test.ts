import { describe, expect, it } from 'vitest';
import { findLga, findState, nigerianAddress, nigerianStates } from './nigeria.js';

describe('Nigeria states and LGAs', () => {
  it('has the 36 states and the FCT with 774 LGAs, none repeated within a state', () => {
    expect(nigerianStates).toHaveLength(37);
    expect(nigerianStates.reduce((total, state) => total + state.lgas.length, 0)).toBe(774);
    for (const state of nigerianStates) expect(new Set(state.lgas).size).toBe(state.lgas.length);
    const counts = Object.fromEntries(nigerianStates.map((state) => [state.code, state.lgas.length]));
    expect(counts).toMatchObject({ lagos: 20, kano: 44, fct: 6, bayelsa: 8, katsina: 34, rivers: 23 });
  });

  it('finds states by name, code or Abuja, and LGAs of that state only', () => {
    expect(findState('LAGOS')?.name).toBe('Lagos');
    expect(findState('Abuja')?.code).toBe('fct');
    expect(findLga(findState('lagos')!, 'ikeja')).toBe('Ikeja');
    expect(findLga(findState('oyo')!, 'Ikeja')).toBeUndefined();
  });

  it('validates an address whose LGA must belong to its state', () => {
    expect(nigerianAddress.parse({ street: '12 Allen Avenue', lga: 'ikeja', state: 'lagos' })).toEqual({
      street: '12 Allen Avenue',
      lga: 'Ikeja',
      state: 'Lagos',
      country: 'Nigeria',
    });
    const wrong = nigerianAddress.safeParse({ street: '12 Allen Avenue', lga: 'Ikeja', state: 'Kano' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(['lga']);
  });
});
