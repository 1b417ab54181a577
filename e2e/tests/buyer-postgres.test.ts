import { describe, it } from 'vitest';
import { buyerJourney } from './support/journeys.ts';
import { useReloop } from './support/reloop.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;

// The same journey once on a PostgreSQL server, when the run has one (CI always does).
describe.skipIf(!postgresUrl)('on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  const reloop = useReloop({ postgresUrl });
  it('lets a new buyer book and pay for a laptop', () => buyerJourney(reloop(), 'buyer-postgres'));
});
