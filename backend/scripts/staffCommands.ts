/**
 * The admin CLI's commands for admin accounts and the audit log (issue 21), on the same services
 * as the back office's `admin/admins` and `admin/audit`:
 *
 *   create-staff <email>            a staff account; password from ADMIN_PASSWORD, else generated
 *                                   and printed once
 *   list-admins                     every admin: id, e-mail, role, disabled
 *   disable-admin <id>              a staff account can no longer sign in (its sessions end)
 *   enable-admin <id>
 *   audit-log [--page N] [--admin E] [--action A]   the audit log, newest first, 50 a page; by
 *                                   the acting e-mail (`cli` for this CLI) or the action (parts of)
 *
 * Every change is audit-logged as the actor `cli` (cliAudited).
 */
import { parseArgs } from 'node:util';
import { auditPage } from '../src/modules/admin/audit';
import { createAdmin, listAdmins, setAdminDisabled } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { type ChangeCommand, type Command, cliAudited } from './cliAudit';
import { idOf } from './orderCommands';

const setDisabled =
  (disabled: boolean): ChangeCommand =>
  async (database, [id]) => {
    const admin = await setAdminDisabled(database.db, idOf(id, '<id>'), disabled);
    return { printed: [`Admin ${admin.id} (${admin.email}) ${admin.disabled ? 'disabled' : 'enabled'}.`] };
  };

export const staffCommands: Record<string, { usage: string; run: Command }> = {
  'create-staff': {
    usage:
      'create-staff <email>   a staff account; password from ADMIN_PASSWORD, else generated and printed once',
    run: cliAudited('create-staff', async (database, [email]) => {
      if (!email) throw new Error('usage: create-staff <email>');
      const { admin, password, generated } = await createAdmin(
        database.db,
        new PasswordHasher(),
        email,
        process.env.ADMIN_PASSWORD || undefined,
        { role: 'staff' },
      );
      return {
        printed: [
          `Staff admin ${admin.id} created: ${admin.email}`,
          ...(generated ? [`Password (shown once, keep it safe): ${password}`] : []),
        ],
      };
    }),
  },
  'list-admins': {
    usage: 'list-admins   every admin: id, e-mail, role, disabled',
    async run(database) {
      for (const admin of await listAdmins(database.db)) {
        console.log(
          `${String(admin.id).padStart(5)}  ${admin.email}  ${admin.role}${admin.disabled ? '  disabled' : ''}`,
        );
      }
    },
  },
  'disable-admin': {
    usage: 'disable-admin <id>   a staff account can no longer sign in; its sessions end',
    run: cliAudited('disable-admin', setDisabled(true)),
  },
  'enable-admin': {
    usage: 'enable-admin <id>   a disabled staff account can sign in again',
    run: cliAudited('enable-admin', setDisabled(false)),
  },
  'audit-log': {
    usage: 'audit-log [--page N] [--admin E] [--action A]   the audit log, newest first, 50 a page',
    async run(database, args) {
      const { values } = parseArgs({
        args,
        options: {
          page: { type: 'string', default: '1' },
          admin: { type: 'string' },
          action: { type: 'string' },
        },
      });
      const { items, _meta } = await auditPage(database.db, {
        page: idOf(values.page, '--page'),
        ...(values.admin ? { admin: values.admin } : {}),
        ...(values.action ? { action: values.action } : {}),
      });
      console.log(
        `${_meta.totalCount} entries, page ${_meta.currentPage} of ${Math.max(_meta.pageCount, 1)}`,
      );
      for (const entry of items) {
        const object = entry.object_id ? ` ${entry.object_id}` : '';
        const reason = entry.reason ? `  reason: ${entry.reason}` : '';
        console.log(`${entry.created_at}  ${entry.admin.email}  ${entry.action}${object}${reason}`);
      }
    },
  },
};
