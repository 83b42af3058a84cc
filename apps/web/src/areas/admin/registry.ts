import type { Feature } from '../../components/feature';
import * as features from './features';

/** Every feature listed in `features.ts`. */
export const ADMIN_FEATURES: readonly Feature[] = Object.values(features);
