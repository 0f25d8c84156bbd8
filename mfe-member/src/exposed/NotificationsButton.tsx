import { exposeInMemberRoot } from '../app/MemberRoot';
import { NotificationsButton } from '../features/notifications/NotificationsButton';

export default exposeInMemberRoot(NotificationsButton);
