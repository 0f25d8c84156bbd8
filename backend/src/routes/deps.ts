import type { CheckoutSettings } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { RateLimits } from '../hooks/rateLimits';
import type { CatalogueFeed } from '../modules/products/catalogueFeed';
import type { CatalogueIndex } from '../modules/products/catalogueIndex';
import type { ReleaseServices } from '../modules/remotes/services';
import type { AccountServices } from '../services/buyers';
import type { UploadStore } from '../services/uploads';

/** What every API route module is registered with. */
export interface RouteDeps {
  database: Pick<DatabaseHandle, 'db' | 'kind'>;
  /** Hashing, throttling and mail for the buyers/* routes. */
  accounts: AccountServices;
  /** Per-client limits of the anonymous writes and probes (a route's `config.rateLimit`). */
  rateLimits: RateLimits;
  /** Uploaded files (logos, proofs, feedback pictures): checked, re-encoded, kept in the file store. */
  uploads: UploadStore;
  /** VAT rate (every cart's invoice) and the payment details shown at checkout. */
  checkout: CheckoutSettings;
  /** Remote releases: the store, the registry, browsers' reports, developers' overrides. */
  releases: ReleaseServices;
  /**
   * The catalogue's change feed, one per app: the listing index and the search index subscribe to
   * it, and every catalogue read calls `refresh()` first, so no instance answers stale.
   */
  catalogueFeed: CatalogueFeed;
  /** The listing's index of the catalogue (subscribed to `catalogueFeed`). */
  catalogueIndex: CatalogueIndex;
}
