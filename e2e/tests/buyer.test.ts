import { it } from 'vitest';
import { buyerJourney } from './support/journeys.ts';
import { useReloop } from './support/reloop.ts';

const reloop = useReloop();

it('lets a new buyer book and pay for a laptop (embedded database)', () =>
  buyerJourney(reloop(), 'buyer-embedded'));
