// Standalone mount: develop the auth remote alone (`npm run dev -w mfe-auth`).
import { mountStandalone } from '@shop/shared';
import { Route, Routes } from '@shop/shared/router';
import { AuthRoot } from './app/AuthRoot';
import { AuthModals } from './features/overlays/AuthModals';
import { ForgotPasswordPage } from './features/password-recovery/ForgotPasswordPage';
import { ResetPasswordPage } from './features/password-recovery/ResetPasswordPage';
import { LoginPage } from './features/sign-in/LoginPage';
import { UserMenu } from './features/user-menu/UserMenu';

void mountStandalone(
  <AuthRoot>
    <div style={{ background: '#2d1646', padding: '1rem' }}>
      <UserMenu />
    </div>
    <AuthModals />
    <main style={{ padding: '1rem' }}>
      <Routes>
        <Route path="/forgotpassword" element={<ForgotPasswordPage />} />
        <Route path="/reset-password/:hash" element={<ResetPasswordPage />} />
        <Route path="*" element={<LoginPage />} />
      </Routes>
    </main>
  </AuthRoot>,
);
