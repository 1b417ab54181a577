import { sweepScreens } from './support/accessibility-sweep.ts';

sweepScreens('light', 'mobile');
