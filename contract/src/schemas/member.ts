/**
 * Member area shapes (issue 11): notifications, messages, dashboard, profile. Bodies are loose
 * (fields optional, bounded) so the shared Yup schemas answer with the spec's messages (422).
 */

import { Type } from '@sinclair/typebox';
import { MESSAGE_SUBJECT_MAX, MESSAGE_TEXT_MAX } from '../validation';
import { BuyerFields } from './auth';
import { Id, ListMeta, Nullable, PageNumber } from './common';

/** Longest note an admin may send (the header popover is small). */
export const NOTE_MAX_LENGTH = 500;

const text = (max: number, description?: string) =>
  Type.Optional(Type.String({ maxLength: max, description }));

export const Priority = Type.Union([Type.Literal('High'), Type.Literal('Normal')]);

export const Notification = Type.Object({
  id: Type.Integer(),
  note: Type.String(),
  priority: Priority,
  created_at: Type.String({ format: 'date-time' }),
  order_id: Nullable(
    Type.Integer({
      description: 'The order the note is about (the header links to /member/orders/{order_id}); null: none',
    }),
  ),
});

export const RemoveNotificationBody = Type.Object({ notification_id: Id() });

export const Message = Type.Object({
  id: Type.Integer(),
  buyer_id: Type.Integer(),
  order_id: Nullable(Type.Integer()),
  subject: Type.String(),
  message: Type.String(),
  sender_type: Type.Union([Type.Literal('Admin'), Type.Literal('Buyer')]),
  is_read: Type.Boolean(),
  reply_to: Nullable(Type.Integer()),
  created_time: Type.String({ format: 'date-time' }),
});

export const MessageThread = Type.Intersect([
  Message,
  Type.Object({ last_message: Message, unread_count: Type.Integer() }),
]);

export const MessageThreadPage = Type.Object({ items: Type.Array(MessageThread), _meta: ListMeta });
export const MessageThreadView = Type.Object({
  thread: Message,
  items: Type.Array(Message),
  _meta: ListMeta,
});

export const MessageBody = Type.Object({
  subject: text(MESSAGE_SUBJECT_MAX * 2),
  message: text(MESSAGE_TEXT_MAX * 2),
});
export const ReplyBody = Type.Object({
  subject: text(MESSAGE_SUBJECT_MAX * 2, "Ignored: a reply keeps the thread's subject"),
  message: text(MESSAGE_TEXT_MAX * 2),
});

export const PageQuery = Type.Object({ page: Type.Optional(PageNumber()) });

export const DashboardStats = Type.Object({
  ordersCount: Type.Integer(),
  messagesCount: Type.Integer({ description: 'Message threads (general and per order)' }),
  cartItemsCount: Type.Integer({ description: 'Pieces in the cart (sum of quantities)' }),
  wishlistItemsCount: Type.Integer(),
});

export const Activity = Type.Object({
  id: Type.Integer(),
  action_type: Type.String(),
  order_id: Nullable(Type.Integer()),
  action_datetime: Type.String({ format: 'date-time' }),
});
export const ActivityPage = Type.Object({ items: Type.Array(Activity), _meta: ListMeta });

export const ProfileStats = Type.Object({
  profileUpdateRequired: Type.Boolean(),
  alternateEmailUpdateRequired: Type.Boolean(),
  interestsUpdatedRequired: Type.Boolean(),
  passwordUpdatedRequired: Type.Boolean(),
});

export const InterestOption = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  isChecked: Type.Boolean(),
});

const IdList = Type.Array(Id(), { maxItems: 100 });
export const InterestsBody = Type.Object({ interests: Type.Optional(IdList) });
export const HearAboutUsBody = Type.Object({ options: Type.Optional(IdList) });

export const Profile = Type.Object({
  id: Type.Integer(),
  ...BuyerFields,
  age_group: Nullable(Type.Integer()),
  alternate_email: Nullable(Type.String()),
});

const Choice = Type.Optional(Nullable(Type.Union([Id(), Type.String({ maxLength: 20 })])));
export const ProfileBody = Type.Object({
  first_name: text(100),
  last_name: text(100),
  mobile: text(40),
  country_id: Choice,
  gender: text(20, 'One of GET gender'),
  age_group: Choice,
  email: text(254, 'Ignored: the primary e-mail is read-only'),
});

export const AlternateEmailBody = Type.Object({
  alternate_email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
});

export const ChangePasswordBody = Type.Object({
  old_password: text(200),
  new_password: text(200),
  confirm_password: text(200),
});

export const SendNotificationBody = Type.Object({
  buyer_id: Id(),
  note: Type.String({ minLength: 1, maxLength: NOTE_MAX_LENGTH }),
  priority: Type.Optional(Priority),
});
