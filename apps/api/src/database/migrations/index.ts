import { Foundation1763780000000 } from './1763780000000-foundation';

/** Every migration in order; the data source runs these (never `synchronize`). */
export const MIGRATIONS = [Foundation1763780000000];
