import { z } from 'zod';
import states from './data/nigeria-states.json' with { type: 'json' };
import { publishRules } from './published-rules.js';

export interface NigerianState {
  name: string;
  code: string;
  lgas: string[];
}

/** Nigeria's 36 states and the FCT with their 774 local government areas: one reviewed file for server and web. */
export const nigerianStates: readonly NigerianState[] = states;

const byName = new Map(nigerianStates.map((state) => [state.name.toLowerCase(), state]));
for (const state of nigerianStates) byName.set(state.code, state);
byName.set('abuja', byName.get('fct')!);

/** Finds a state by name or code, forgiving case ("lagos", "Lagos", "FCT", "Abuja"). */
export function findState(nameOrCode: string): NigerianState | undefined {
  return byName.get(nameOrCode.trim().toLowerCase());
}

export function findLga(state: NigerianState, lga: string): string | undefined {
  const wanted = lga.trim().toLowerCase();
  return state.lgas.find((candidate) => candidate.toLowerCase() === wanted);
}

/** A state written any accepted way, answered in its canonical name. */
export const nigerianStateName = z
  .string({ error: 'State is required' })
  .trim()
  .min(1, 'State is required')
  .transform((value, context) => {
    const state = findState(value);
    if (!state) {
      context.addIssue({ code: 'custom', message: 'Choose one of the 36 states or the FCT' });
      return z.NEVER;
    }
    return state.name;
  })
  // The document lists the canonical names; the server also takes a state's code and any letter case.
  .meta({ enum: nigerianStates.map((state) => state.name) });

/** An address in Nigeria whose LGA belongs to its state. */
export const nigerianAddress = z
  .object({
    street: z.string({ error: 'Street is required' }).trim().min(3, 'Street is required').max(200),
    lga: z.string({ error: 'LGA is required' }).trim().min(1, 'LGA is required').max(80),
    state: nigerianStateName,
    country: z.literal('Nigeria').default('Nigeria'),
  })
  .transform((address, context) => {
    const state = findState(address.state)!;
    const lga = findLga(state, address.lga);
    if (!lga) {
      context.addIssue({ code: 'custom', path: ['lga'], message: `Choose an LGA of ${state.name}` });
      return z.NEVER;
    }
    return { ...address, lga };
  })
  .apply((schema) =>
    publishRules(schema, [{ fields: ['state', 'lga'], rule: 'lga must be an LGA of state' }]),
  );
export type NigerianAddress = z.output<typeof nigerianAddress>;
