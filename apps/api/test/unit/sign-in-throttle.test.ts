import { MemorySignInThrottle } from '../../src/identity/sign-in-throttle.ts';
import { describeSignInThrottle } from '../helpers/sign-in-throttle-behaviour.ts';

describeSignInThrottle(
  'MemorySignInThrottle',
  (policy, now) => new MemorySignInThrottle(policy, now),
);
