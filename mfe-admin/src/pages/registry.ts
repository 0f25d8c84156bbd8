/**
 * The back office's pages, in the order of the navigation. One entry per page, and one folder
 * `src/pages/<name>/` whose default export is the page: the frame builds the navigation and the
 * routes from this list alone. A page owns every address under `/admin/<path>/` (its own nested
 * <Routes> for a detail view). `ownerOnly`: hidden from staff, and an "owners only" notice to
 * staff who type its address (the API answers staff 403 there anyway).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface AdminPage {
  /** The segment under /admin: 'orders' serves /admin/orders and everything below it. */
  path: string;
  /** The navigation's text and the page's title. */
  label: string;
  ownerOnly: boolean;
  /** Loaded when first opened: the sign-in form does not carry every page. */
  component: LazyExoticComponent<ComponentType>;
}

export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    path: 'orders',
    label: 'Orders',
    ownerOnly: false,
    component: lazy(() => import('./orders/OrdersPage')),
  },
  {
    path: 'products',
    label: 'Products',
    ownerOnly: false,
    component: lazy(() => import('./products/ProductsPage')),
  },
  { path: 'inbox', label: 'Inbox', ownerOnly: false, component: lazy(() => import('./inbox/InboxPage')) },
  {
    path: 'inquiries',
    label: 'Contact inquiries',
    ownerOnly: false,
    component: lazy(() => import('./inquiries/InquiriesPage')),
  },
  {
    path: 'moderation',
    label: 'Moderation',
    ownerOnly: false,
    component: lazy(() => import('./moderation/ModerationPage')),
  },
  {
    path: 'notifications',
    label: 'Notifications',
    ownerOnly: false,
    component: lazy(() => import('./notifications/NotificationsPage')),
  },
  {
    path: 'catalogue-csv',
    label: 'Import / export',
    ownerOnly: false,
    component: lazy(() => import('./catalogue-csv/CatalogueCsvPage')),
  },
  {
    path: 'categories',
    label: 'Categories',
    ownerOnly: false,
    component: lazy(() => import('./categories/CategoriesPage')),
  },
  {
    path: 'home',
    label: 'Home page',
    ownerOnly: false,
    component: lazy(() => import('./home/HomeContentPage')),
  },
  {
    path: 'pages',
    label: 'Content pages',
    ownerOnly: false,
    component: lazy(() => import('./pages/ContentPagesPage')),
  },
  {
    path: 'currencies',
    label: 'Currencies',
    ownerOnly: true,
    component: lazy(() => import('./currencies/CurrenciesPage')),
  },
  {
    path: 'shipping',
    label: 'Shipping',
    ownerOnly: true,
    component: lazy(() => import('./shipping/ShippingPage')),
  },
  {
    path: 'releases',
    label: 'Remote releases',
    ownerOnly: true,
    component: lazy(() => import('./releases/ReleasesPage')),
  },
  { path: 'audit', label: 'Audit log', ownerOnly: true, component: lazy(() => import('./audit/AuditPage')) },
  { path: 'staff', label: 'Staff', ownerOnly: true, component: lazy(() => import('./staff/StaffPage')) },
  {
    path: 'settings',
    label: 'Settings',
    ownerOnly: true,
    component: lazy(() => import('./settings/SettingsPage')),
  },
];

/** Where the back office lives in the shop. */
export const ADMIN_BASE = '/admin';

export const adminPath = (page: Pick<AdminPage, 'path'>, rest = ''): string =>
  `${ADMIN_BASE}/${page.path}${rest ? `/${rest}` : ''}`;

/** The pages an admin of this role sees in the navigation. */
export const pagesFor = (
  role: 'owner' | 'staff',
  pages: readonly AdminPage[] = ADMIN_PAGES,
): readonly AdminPage[] => pages.filter((page) => role === 'owner' || !page.ownerOnly);
