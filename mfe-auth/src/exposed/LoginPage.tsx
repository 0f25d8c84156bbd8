import { exposeInAuthRoot } from '../app/AuthRoot';
import { LoginPage } from '../features/sign-in/LoginPage';

export default exposeInAuthRoot(LoginPage);
