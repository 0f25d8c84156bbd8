import { exposeInAuthRoot } from '../app/AuthRoot';
import { AuthModals } from '../features/overlays/AuthModals';

export default exposeInAuthRoot(AuthModals);
