import { exposeInMemberRoot } from '../app/MemberRoot';
import { MemberArea } from '../features/area/MemberArea';

export default exposeInMemberRoot(MemberArea);
