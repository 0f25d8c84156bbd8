import { AdminApp } from '../app/AdminApp';
import { exposeInAdminRoot } from '../app/AdminRoot';

export default exposeInAdminRoot(AdminApp);
