// Standalone mount: develop the member remote alone (`npm run dev -w mfe-member`).
import { mountStandalone } from '@shop/shared';
import { MemberRoot } from './app/MemberRoot';
import { MemberArea } from './features/area/MemberArea';

void mountStandalone(
  <MemberRoot>
    <MemberArea />
  </MemberRoot>,
);
