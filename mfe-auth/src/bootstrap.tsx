// Standalone mount: develop the auth remote alone (`npm run dev -w mfe-auth`).
import { mountStandalone } from '@shop/shared';
import { AuthRoot } from './app/AuthRoot';
import { UserMenu } from './features/user-menu/UserMenu';

void mountStandalone(
  <AuthRoot>
    <div style={{ background: '#2d1646', padding: '1rem' }}>
      <UserMenu />
    </div>
  </AuthRoot>,
);
