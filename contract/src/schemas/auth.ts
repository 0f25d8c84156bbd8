/**
 * Sign-in and sign-up shapes. Request bodies are deliberately loose (fields optional, strings
 * of bounded length): the form rules and their exact messages are the shared Yup schemas
 * (`@shop/shared/validation`), applied by the service, which answers 422 with the spec's wording.
 * A strict TypeBox body would answer a missing field with a generic 400 instead.
 */

import { Type } from '@sinclair/typebox';
import { Envelope, ErrorEnvelope, Id, Nullable } from './common';

/** Who a buyer is, as the session (User) and the profile page (Profile) both show it. */
export const BuyerFields = {
  type: Type.Union([Type.Literal('Member'), Type.Literal('Guest')]),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  mobile: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  country_id: Nullable(Type.Integer()),
};

export const User = Type.Object({
  id: Type.Integer(),
  token: Type.String({ description: 'Bearer token for the Authorization header' }),
  ...BuyerFields,
  alternate_email: Nullable(Type.String()),
});

export const UserEnvelope = Type.Object({ user: User });

export const CartAdjustment = Type.Object({
  product_id: Type.Integer(),
  title: Type.String(),
  requested: Type.Integer({ description: 'Pieces the merged line asked for' }),
  kept: Type.Integer({ description: 'Pieces kept (the stock); 0: out of stock, line removed' }),
});
/** Sign-in and sign-up: the user, and the guest-cart lines the merge had to cut to the stock. */
export const SignedIn = Type.Object({ user: User, cart_adjustments: Type.Array(CartAdjustment) });

export const WishlistUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  token: Type.String({
    description:
      "The wishlist's own bearer token ('wl.…'): the wishlist/* calls need it; user_id alone grants nothing",
  }),
});

export const Country = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  iso2: Type.String({ description: "ISO 3166-1 alpha-2, lower case ('ae')" }),
  dial_code: Type.String({ description: "Without the plus sign ('971')" }),
});

export const AuthSlide = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  sub_title: Type.String(),
  image: Type.String({ description: 'Image URL' }),
});

/** A 201 envelope (registrations create something). */
export const createdResponses = <T extends Parameters<typeof Envelope>[0]>(data: T) => ({
  201: Envelope(data),
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
});

const text = (max: number, description?: string) =>
  Type.Optional(Type.String({ maxLength: max, description }));
const Email = text(254);
/** Long enough for any password a person types; short enough that nobody hashes a megabyte. */
const Password = text(200);
const GuestCartToken = Type.Optional(
  Nullable(Type.String({ maxLength: 200, description: 'guest_session_token of the guest cart to merge' })),
);

/** What a wishlist-e-mail user's browser holds (wishlistUser.token): their wishlist joins the account. */
const WishlistToken = Type.Optional(
  Nullable(
    Type.String({
      maxLength: 200,
      description:
        "The wishlist-e-mail user's token (buyers/register-wishlist): their wishlist moves into the account (a product listed in both stays one line) and the wishlist user is deleted. Unknown: ignored.",
    }),
  ),
);

export const LoginBody = Type.Object({
  email: Email,
  password: Password,
  guest_cart_session_token: GuestCartToken,
  wishlist_token: WishlistToken,
});

export const EmailBody = Type.Object({ email: Email });

export const RegisterBody = Type.Object({
  type: Type.Optional(Type.Literal('Registration')),
  first_name: text(100),
  last_name: text(100),
  email: Email,
  password: Password,
  confirm_password: Password,
  mobile: text(40, "'+971 501234567' (stored as given)"),
  country_id: Type.Optional(
    Nullable(Type.Union([Id(), Type.String({ maxLength: 20 })], { description: 'countries id' })),
  ),
  gender: text(20, 'One of GET gender'),
  guest_cart_session_token: GuestCartToken,
  wishlist_token: WishlistToken,
});

export const RegisterGuestBody = Type.Object({
  type: Type.Optional(Type.Literal('Express')),
  first_name: text(100),
  last_name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  email: Email,
  mobile: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  gender: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  create_my_profile: Type.Optional(
    Nullable(
      Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 }), Type.String({ maxLength: 10 })]),
    ),
  ),
  /**
   * The shopper read the panel's account-exists warning and checks out as a guest anyway: a new
   * Guest identity with a member's e-mail, which joins nothing of the member's.
   */
  continue_as_guest: Type.Optional(Type.Boolean()),
  guest_cart_session_token: GuestCartToken,
});

export const RegisterWishlistBody = Type.Object({
  email: Email,
  type: Type.Optional(Type.Literal('Wishlist')),
});

export const ResetHashBody = Type.Object({ hash: Type.String({ maxLength: 200 }) });

export const ResetPasswordBody = Type.Object({
  hash: Type.String({ maxLength: 200 }),
  password: Password,
  confirm_password: Password,
});

export const Empty = Type.Object({});
