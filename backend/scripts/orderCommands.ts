/**
 * The admin CLI's order commands (issue 11), on the same services as the admin API:
 *
 *   create-admin <email>                          an admin account; the password comes from
 *                                                 ADMIN_PASSWORD, else one is generated and printed once
 *   revoke-sessions <email>                       signs the admin out everywhere (every token ends)
 *   list-orders [--status S] [--payment P] [--page N]
 *   show-order <order-id>                         lines, address, proofs, log
 *   order-status <order-id> <Dispatch|Delivered|Cancel>
 *   payment-received <order-id> [reason…]
 *   confirm-proof <proof-id> [comments]
 *   reject-proof <proof-id> <comments>
 *
 * Every change is audit-logged as the actor `cli` (cliAudited).
 */
import { parseArgs } from 'node:util';
import type { OrderStatus } from '@shop/contract';
import {
  type AdminOrderFilters,
  adminOrderDetail,
  listAllOrders,
  markPaymentReceived,
  moveOrderStatus,
  reviewProof,
} from '../src/modules/admin/orders';
import { createAdmin, revokeAdminSessions } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { type Command, cliAudited } from './cliAudit';

export const idOf = (text: string | undefined, name: string): number => {
  const n = Number(text);
  if (!text || !Number.isInteger(n) || n < 1 || n > 2147483647)
    throw new Error(`${name} must be a positive integer`);
  return n;
};

const ORDER_MOVES = ['Dispatch', 'Delivered', 'Cancel'];

export const orderCommands: Record<string, { usage: string; run: Command }> = {
  'create-admin': {
    usage: 'create-admin <email>   password from ADMIN_PASSWORD, else generated and printed once',
    run: cliAudited('create-admin', async (database, [email]) => {
      if (!email) throw new Error('usage: create-admin <email>');
      const given = process.env.ADMIN_PASSWORD || undefined;
      const { admin, password, generated } = await createAdmin(
        database.db,
        new PasswordHasher(),
        email,
        given,
      );
      return {
        printed: [
          `Admin ${admin.id} created: ${admin.email}`,
          ...(generated ? [`Password (shown once, keep it safe): ${password}`] : []),
        ],
      };
    }),
  },
  'revoke-sessions': {
    usage: "revoke-sessions <email>   ends every session of that admin (all of the admin's tokens)",
    run: cliAudited('revoke-sessions', async (database, [email]) => {
      if (!email) throw new Error('usage: revoke-sessions <email>');
      const ended = await revokeAdminSessions(database.db, email);
      return {
        printed: [`${ended} ${ended === 1 ? 'session' : 'sessions'} of ${email.trim().toLowerCase()} ended.`],
      };
    }),
  },
  'list-orders': {
    usage: 'list-orders [--status S] [--payment P] [--page N]   every order, newest first',
    async run(database, args) {
      const { values } = parseArgs({
        args,
        options: {
          status: { type: 'string' },
          payment: { type: 'string' },
          page: { type: 'string', default: '1' },
        },
      });
      const filters: AdminOrderFilters = {
        order_status: values.status as OrderStatus | undefined,
        payment_status: values.payment as AdminOrderFilters['payment_status'],
        page: idOf(values.page, '--page'),
      };
      const page = await listAllOrders(database.db, filters);
      console.log(
        `${page._meta.totalCount} orders, page ${page._meta.currentPage} of ${page._meta.pageCount}`,
      );
      for (const order of page.items) {
        console.log(
          `${String(order.id).padStart(6)}  ${order.order_id}  ${order.created_at.slice(0, 16)}  ${order.order_status.padEnd(15)} ${order.payment_status.padEnd(8)} ${order.currency.symbol}${order.total_amount}  ${order.buyer.email}`,
        );
      }
    },
  },
  'show-order': {
    usage: 'show-order <order-id>   lines, address, proofs of payment, log',
    async run(database, [id]) {
      const order = await adminOrderDetail(database.db, idOf(id, 'order-id'));
      console.log(`${order.order_id} (${order.id}) of ${order.buyer.name} <${order.buyer.email}>`);
      console.log(
        `${order.order_status} / payment ${order.payment_status} by ${order.payment_method}, total ${order.currency.symbol}${order.total_amount}`,
      );
      console.log(`To: ${order.address.address ?? '-'}, ${order.address.city ?? '-'}`);
      for (const line of order.ordered_products) {
        console.log(`  item ${line.id}: ${line.quantity} × ${line.product.title} at ${line.price}`);
      }
      for (const proof of order.proofs) {
        console.log(
          `  proof ${proof.id}: ${proof.status} ${proof.comments ? `"${proof.comments}"` : ''}${proof.admin_comments ? ` (admin: ${proof.admin_comments})` : ''}`,
        );
      }
      for (const entry of order.log) console.log(`  ${entry.created_at.slice(0, 16)}  ${entry.action}`);
    },
  },
  'order-status': {
    usage:
      'order-status <order-id> <Dispatch|Delivered|Cancel>   (Cancel puts the stock back; not once dispatched)',
    run: cliAudited('order-status', async (database, [id, status]) => {
      if (!status || !ORDER_MOVES.includes(status))
        throw new Error(`status must be one of ${ORDER_MOVES.join(', ')}`);
      const order = await moveOrderStatus(database.db, idOf(id, 'order-id'), status as OrderStatus, {
        role: 'owner',
      });
      return { printed: [`${order.order_id}: ${order.order_status} / payment ${order.payment_status}`] };
    }),
  },
  'payment-received': {
    usage:
      'payment-received <order-id> [reason…]   (a transfer order with no confirmed proof needs the reason, e.g. the bank reference)',
    run: cliAudited('payment-received', async (database, [id, ...words]) => {
      const reason = words.join(' ').trim();
      const order = await markPaymentReceived(database.db, idOf(id, 'order-id'), {
        role: 'owner',
        ...(reason ? { reason } : {}),
      });
      return {
        printed: [`${order.order_id}: ${order.order_status} / payment ${order.payment_status}`],
        reason,
      };
    }),
  },
  'confirm-proof': {
    usage: 'confirm-proof <proof-id> [comments]   (the payment is then Received)',
    run: cliAudited('confirm-proof', async (database, [id, ...comments]) => {
      const proof = await reviewProof(
        database.db,
        idOf(id, 'proof-id'),
        'Confirmed',
        comments.join(' ') || null,
      );
      return { printed: [`Proof ${proof.id}: ${proof.status}`] };
    }),
  },
  'reject-proof': {
    usage: 'reject-proof <proof-id> <comments>   (shown to the buyer, who may upload again)',
    run: cliAudited('reject-proof', async (database, [id, ...comments]) => {
      const proof = await reviewProof(database.db, idOf(id, 'proof-id'), 'Rejected', comments.join(' '));
      return { printed: [`Proof ${proof.id}: ${proof.status} (${proof.admin_comments})`] };
    }),
  },
};
