// Standalone mount: develop the member remote alone (`npm run dev -w mfe-member`).
import { mountStandalone } from '@shop/shared';
import { Navigate, Route, Routes } from '@shop/shared/router';
import { MemberRoot } from './app/MemberRoot';
import { MemberArea } from './features/area/MemberArea';

// The shell mounts the area at /member/*; alone it needs the same place for its nested routes.
void mountStandalone(
  <MemberRoot>
    <Routes>
      <Route path="/member/*" element={<MemberArea />} />
      <Route path="*" element={<Navigate to="/member" replace />} />
    </Routes>
  </MemberRoot>,
);
