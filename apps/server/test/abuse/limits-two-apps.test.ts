import { contactEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOf } from '../support/contract-requests.js';
import { nextIp } from '../support/test-app.js';
import { openTwoApps } from '../support/two-apps.js';

// Issue 31, finding 7: without Redis every limit but sign-in and reset was counted per process, so the contact
// form took 10 + 10 messages from one address across two processes. Now every policy counts in PostgreSQL.

const two = await openTwoApps();
afterAll(() => two?.close());

describe.skipIf(!two)('limits shared by two processes on one PostgreSQL', () => {
  let ip: string;
  beforeAll(() => {
    ip = nextIp();
  });

  it('the contact form takes 10 messages an hour from one address across both processes, not 10 each', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? two!.a.app : two!.b.app;
      const response = await app.inject({
        ...requestOf(contactEndpoints.send),
        remoteAddress: ip,
        payload: {
          name: 'Ada Obi',
          email: `sender${i}@example.ng`,
          subject: 'Hello',
          message: 'A question about delivery times to Enugu.',
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
