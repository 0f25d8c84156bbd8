import { Dialog } from '@shop/shared/dialog';
import type { ReactNode } from 'react';
import { useAuthDispatch } from '../../store';
import { Slides } from '../reference-data/Slides';
import { SignInForm } from '../sign-in/SignInForm';
import { SignUpWizard } from '../sign-up/SignUpWizard';
import layout from '../sign-up/sign-up.module.css';
import { WishlistEmailForm } from '../wishlist-email/WishlistEmailForm';
import { type AuthDialog, closeDialog, openDialog } from './overlaysSlice';

/** The popups themselves, loaded on demand by AuthModals. */
export default function AuthDialogs({ dialog }: { dialog: AuthDialog }): ReactNode {
  const dispatch = useAuthDispatch();
  const close = () => dispatch(closeDialog());
  return (
    <>
      {dialog === 'signIn' ? (
        <Dialog title="Sign in" onClose={close} isStatic>
          <SignInForm onSignedIn={close} onLeave={close} onSignUp={() => dispatch(openDialog('signUp'))} />
        </Dialog>
      ) : null}
      {dialog === 'signUp' ? (
        <Dialog title="Create your account" onClose={close} wide>
          <div className={layout.layout}>
            <SignUpWizard onFinished={close} />
            <Slides kind="signup" />
          </div>
        </Dialog>
      ) : null}
      {dialog === 'wishlistEmail' ? (
        <Dialog title="Wishlist" onClose={close}>
          <WishlistEmailForm onFinished={close} />
        </Dialog>
      ) : null}
    </>
  );
}
