import { api } from '@shop/shared';

/** The dashboard's calls (spec 001 §7, Member area). */
export const dashboardApi = {
  stats: () => api.get('buyers/dashboard-stats'),
  /** Newest first, a page at a time (the dashboard loads the first, then more on demand). */
  activities: (page = 1) => api.get('buyers-log', { query: { page } }),
};
