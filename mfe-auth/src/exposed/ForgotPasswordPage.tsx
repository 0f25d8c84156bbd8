import { exposeInAuthRoot } from '../app/AuthRoot';
import { ForgotPasswordPage } from '../features/password-recovery/ForgotPasswordPage';

export default exposeInAuthRoot(ForgotPasswordPage);
