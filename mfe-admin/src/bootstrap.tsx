// Standalone mount: develop the back office alone (`npm run dev -w mfe-admin`, API on :8080).
import { mountStandalone } from '@shop/shared';
import { Navigate, Route, Routes } from '@shop/shared/router';
import { AdminApp } from './app/AdminApp';
import { AdminRoot } from './app/AdminRoot';

// The shell mounts the app at /admin/*; alone it needs the same place for its nested routes.
void mountStandalone(
  <AdminRoot>
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  </AdminRoot>,
);
