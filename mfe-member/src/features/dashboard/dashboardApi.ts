import { type ActivityPage, api, type DashboardStats } from '@shop/shared';

/** The dashboard's calls (spec 001 §7, Member area). */
export const dashboardApi = {
  stats: () => api.get<DashboardStats>('buyers/dashboard-stats'),
  /** Newest first; the dashboard shows the first page. */
  activities: () => api.get<ActivityPage>('buyers-log'),
};
