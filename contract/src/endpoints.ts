/**
 * Every endpoint of the API under /backend/api, by module (one per URL prefix). The backend
 * registers each route from its entry; the apps' `api` client is typed by it.
 */
import { addressEndpoints } from './schemas/addresses';
import { adminEndpoints } from './schemas/admin';
import { adminCatalogueEndpoints } from './schemas/adminCatalogue';
import { catalogueCsvEndpoints } from './schemas/adminCatalogueCsv';
import { stockEndpoints } from './schemas/adminStock';
import { buyersEndpoints } from './schemas/buyers';
import { cartEndpoints, giftOptionEndpoints } from './schemas/cart';
import { contentEndpoints, homeEndpoints, productEndpoints, searchEndpoints } from './schemas/catalogue';
import { categoryTreeEndpoints } from './schemas/categoryTree';
import { checkoutEndpoints } from './schemas/checkout';
import { homeContentEndpoints } from './schemas/homeContent';
import { imageUploadEndpoints } from './schemas/images';
import { memberOrdersEndpoints } from './schemas/memberOrders';
import { messagesEndpoints } from './schemas/messages';
import { notificationsEndpoints } from './schemas/notifications';
import { referenceListEndpoints } from './schemas/referenceLists';
import { remoteAdminEndpoints, remoteReportEndpoints } from './schemas/remotes';
import { shopSettingsEndpoints } from './schemas/shopSettings';
import { startupEndpoints } from './schemas/startup';
import { healthEndpoints, pageViewEndpoints } from './schemas/system';
import { wishlistEndpoints } from './schemas/wishlist';

export const apiEndpoints = {
  ...cartEndpoints,
  ...giftOptionEndpoints,
  ...checkoutEndpoints,
  ...wishlistEndpoints,
  ...addressEndpoints,
  ...productEndpoints,
  ...searchEndpoints,
  ...homeEndpoints,
  ...contentEndpoints,
  ...startupEndpoints,
  ...referenceListEndpoints,
  ...healthEndpoints,
  ...pageViewEndpoints,
  ...buyersEndpoints,
  ...memberOrdersEndpoints,
  ...messagesEndpoints,
  ...notificationsEndpoints,
  ...adminEndpoints,
  ...categoryTreeEndpoints,
  ...shopSettingsEndpoints,
  ...stockEndpoints,
  ...catalogueCsvEndpoints,
  ...adminCatalogueEndpoints,
  ...imageUploadEndpoints,
  ...homeContentEndpoints,
  ...remoteReportEndpoints,
  ...remoteAdminEndpoints,
};

export type ApiEndpoints = typeof apiEndpoints;
