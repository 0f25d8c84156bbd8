import { exposeInAuthRoot } from '../app/AuthRoot';
import { UserMenu } from '../features/user-menu/UserMenu';

export default exposeInAuthRoot(UserMenu);
