import { exposeInAuthRoot } from '../app/AuthRoot';
import { ResetPasswordPage } from '../features/password-recovery/ResetPasswordPage';

export default exposeInAuthRoot(ResetPasswordPage);
