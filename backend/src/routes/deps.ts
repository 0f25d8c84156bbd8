import type { DatabaseHandle } from '../db/client';

/** What every API route module is registered with. */
export interface RouteDeps {
  database: Pick<DatabaseHandle, 'db' | 'kind'>;
}
