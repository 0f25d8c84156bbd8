/**
 * The routing surface every app uses, shared as its own singleton (`@shop/shared/router`).
 *
 * Module Federation ships a shared package whole: react-router shared directly costs 61 KB gzip
 * on every page. Shared through this module instead, the shell's build tree-shakes react-router
 * down to what is listed here, and every remote still meets the one Router context. Import
 * routing from here, never from react-router or react-router-dom (lint forbids it); add an
 * export here when an app needs more.
 */
export {
  BrowserRouter,
  Link,
  type LinkProps,
  MemoryRouter,
  Navigate,
  type NavigateFunction,
  NavLink,
  Route,
  Routes,
  type To,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
