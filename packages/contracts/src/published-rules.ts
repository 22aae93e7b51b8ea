import type { z } from 'zod';

// How the API document publishes the rules the server enforces beyond a field's own type (ADR 085). A rule that
// JSON Schema can say is said in JSON Schema (`pattern`, `dependentRequired`, `dependentSchemas`, `anyOf`), so a
// generator follows it; every rule that spans fields, or that a keyword cannot say (an order between two dates, a
// count of days), is also listed under `x-rules` on the object that holds its fields, in words, with the fields it
// names. The conformance test reads `x-rules`: a refusal naming a field no rule lists fails it.

/** The key of the document's rule annotations. */
export const RULES_KEY = 'x-rules';

/**
 * What no string may hold, anywhere in a request (path, query, body, multipart field, a key of an object): U+0000.
 * PostgreSQL cannot store it, so the server refuses it before validation. The document says it as this pattern on
 * every request string that has no pattern of its own, and as `propertyNames` on every request object.
 */
export const NUL_FREE_PATTERN = '^[^\\u0000]*$';

/**
 * Keys JSON may not use: the server's JSON parser refuses `__proto__` (prototype poisoning) with 400. Published as
 * `propertyNames` on every request object.
 */
export const REFUSED_JSON_KEYS = ['__proto__'] as const;

/** One rule as the document lists it: the fields it names (the object's own keys) and the rule in words. */
export interface PublishedRule {
  /** The keys of the object the rule names; empty for a rule about the object as a whole. */
  fields: readonly string[];
  rule: string;
}

/**
 * JSON Schema keywords that say a rule, where JSON Schema can say it: across fields (`dependentRequired`,
 * `dependentSchemas`, `anyOf`, `oneOf`, `not`) or on one (`uniqueItems`, `minimum`, `multipleOf`).
 */
export interface RuleKeywords {
  dependentRequired?: Record<string, string[]>;
  dependentSchemas?: Record<string, Record<string, unknown>>;
  anyOf?: Record<string, unknown>[];
  oneOf?: Record<string, unknown>[];
  not?: Record<string, unknown>;
  uniqueItems?: boolean;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
}

/** A rule of one field that no keyword can say, in words, on the field itself. */
export const fieldRule =
  (rule: string) =>
  <S extends z.ZodType>(schema: S): S =>
    publishRules(schema, [{ fields: [], rule }]);

/**
 * Publishes the rules a refinement enforces on `schema`: the keywords JSON Schema has for them, and `x-rules` in
 * words. Call it on the refined object (after `.refine`/`.superRefine`), so the document shows both on that object.
 */
export function publishRules<S extends z.ZodType>(
  schema: S,
  rules: readonly PublishedRule[],
  keywords: RuleKeywords = {},
): S {
  return schema.meta({ [RULES_KEY]: [...rulesOf(schema), ...rules], ...keywords }) as S;
}

/**
 * The rules already published on a schema, or on what a transform reads (the document shows a pipe as its input):
 * a later `publishRules` adds to them instead of hiding them.
 */
function rulesOf(schema: z.ZodType): PublishedRule[] {
  const own = schema.meta()?.[RULES_KEY] as PublishedRule[] | undefined;
  if (own) return own;
  const definition = schema._zod.def as { type: string; in?: z.ZodType };
  return definition.type === 'pipe' && definition.in ? rulesOf(definition.in) : [];
}

/**
 * "Change at least one field": at least one of the object's keys is present, as `anyOf` of `required`. Used with
 * zod's `apply` after the refinement: `.refine(…, 'Change at least one field').apply(atLeastOneField('…'))`.
 */
export const atLeastOneField =
  (rule: string, keys?: readonly string[]) =>
  <S extends z.ZodObject>(schema: S): S =>
    publishRules(schema, [{ fields: keys ?? [], rule }], {
      anyOf: (keys ?? Object.keys(schema.shape)).map((key) => ({ required: [key] })),
    });

/** The rules of a range of days from `from` to `to`: `to` not before `from`, at most `maxDays` days. */
export const dayRangeRules = (maxDays: number, from = 'from', to = 'to'): PublishedRule[] => [
  { fields: [from, to], rule: `${to} must not be before ${from}` },
  { fields: [from, to], rule: `at most ${maxDays} days from ${from} to ${to}, both counted` },
];

/** Both dates of an optional range or neither, as `dependentRequired`. */
export const bothOrNeither = (first: string, second: string) => ({
  rule: { fields: [first, second], rule: `give both ${first} and ${second}, or neither` } as PublishedRule,
  dependentRequired: { [first]: [second], [second]: [first] },
});
