import { sweepScreens } from './support/accessibility-sweep.ts';

sweepScreens('dark', 'desktop');
