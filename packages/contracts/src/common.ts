import { z } from 'zod';
import { fieldRule } from './published-rules.js';

/**
 * What a person's name holds (issue 31): letters of any script, spaces, hyphens, apostrophes and dots, starting
 * with a letter. Names are written into greetings and subjects of mails the platform sends, so no digits, no
 * `:` or `/`, and no dot run into letters as in a web address (`evil.example`); initials (`J.R. Okafor`) pass.
 */
export const PERSON_NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
const ADDRESS_LIKE = /\.\p{L}{2,}/u;

export const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80, `${label} must be at most 80 characters`)
    .refine(
      // An empty name is the `min` rule's to report, once.
      (value) => value === '' || (PERSON_NAME_PATTERN.test(value) && !ADDRESS_LIKE.test(value)),
      `${label} can hold only letters, spaces, hyphens, apostrophes and dots`,
    )
    .apply(
      fieldRule(
        'letters of any script, spaces, hyphens, apostrophes and dots, starting with a letter; no dot run into letters as in a web address',
      ),
    );

export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'))
  // The document shows the rule of the piped schema, which an input schema would otherwise leave out: zod's e-mail
  // rule (stricter than `format: email`: no quoted local part, no IP domain, a top-level domain of letters) as the
  // pattern it is (ADR 085). The server trims and lowercases first, so the pattern is the stricter of the two.
  .meta({ format: 'email', pattern: z.regexes.email.source });

export const password = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/** Loose shape check shared with forms; the server normalises to +234 form and rejects numbers that are not Nigerian. */
export const phoneNumber = z
  .string({ error: 'Phone number is required' })
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{6,19}$/, 'Enter a valid phone number')
  // The server's rule (libphonenumber's Nigerian numbering plan) as the document can say it: the plain written
  // forms of a Nigerian mobile number. The server also takes spaces, dashes and 234… and answers +234….
  .meta({
    pattern: '^(\\+234|0)[789][01][0-9]{8}$',
    description: 'A Nigerian mobile number, 0803… or +234803…',
  });

/** A row id of a PostgreSQL `integer` column: anything above 2³¹−1 cannot name a row (and the database refuses it). */
export const INT4_MAX = 2_147_483_647;

export const uuid = z.uuid('Must be a valid id');
export const idParam = z.object({ id: uuid });
export const tokenParam = z.object({ token: z.string().min(10).max(200) });
/**
 * Names of path parameters that carry a secret (a mailed link's token, a draft preview's): the server's logs
 * redact them (issue 31), and a test requests every contract path holding one and reads the log.
 */
export const SECRET_PATH_PARAMS = ['token'] as const;
export const isoDateTime = z.string();

/** The days a report, a list filter or a coupon may name: the platform's books start after 2000. */
export const REPORT_DAY_MIN = '2000-01-01';
export const REPORT_DAY_MAX = '2099-12-31';

/** YYYY-MM-DD days of the years 2000–2099, leap days included: the document's form of `boundedDay`. */
const BOUNDED_DAY_PATTERN =
  '^(?:20\\d\\d-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))|20(?:[02468][048]|[13579][26])-02-29)$';

/**
 * A YYYY-MM-DD day a query filters by. Bounded (issue 34 item 28): Lagos midnight of 0001-01-01 falls in year 0,
 * which the embedded database refuses. The document says the bound as one pattern and `x-minimum`/`x-maximum`.
 */
export const boundedDay = z.iso
  .date('Use a YYYY-MM-DD date')
  .refine(
    (value) => value >= REPORT_DAY_MIN && value <= REPORT_DAY_MAX,
    `Choose a date from ${REPORT_DAY_MIN} to ${REPORT_DAY_MAX}`,
  )
  .meta({ pattern: BOUNDED_DAY_PATTERN, 'x-minimum': REPORT_DAY_MIN, 'x-maximum': REPORT_DAY_MAX });
