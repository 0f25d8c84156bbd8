import { firstErrors } from './errors';
import {
  registrationSchema,
  resetPasswordSchema,
  signInSchema,
  signUpStep2Schema,
  signUpStep3Schema,
  wishlistEmailSchema,
} from './index';

const errorsOf = (schema: { validateSync: (v: unknown, o: object) => unknown }, value: unknown) => {
  try {
    schema.validateSync(value, { abortEarly: false });
    return {};
  } catch (error) {
    return firstErrors(error);
  }
};

describe('sign-in schema', () => {
  it('asks for the e-mail and the password', () => {
    expect(errorsOf(signInSchema, { email: '', password: '' })).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter your password',
    });
  });
  it('rejects an invalid e-mail', () => {
    expect(errorsOf(signInSchema, { email: 'nope', password: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});

describe('sign-up step 2', () => {
  const valid = {
    first_name: 'Lina',
    last_name: 'Haddad',
    password: 'Secret123',
    confirm_password: 'Secret123',
  };
  it('accepts 8-16 characters with a lower case, an upper case letter and a digit', () => {
    expect(errorsOf(signUpStep2Schema, valid)).toEqual({});
  });
  it.each(['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere', 'Waytoolongpassword123'])(
    'rejects %s with the password rule',
    (password) => {
      expect(errorsOf(signUpStep2Schema, { ...valid, password, confirm_password: password })).toEqual({
        password: 'Use 8-16 characters with one upper letters and at least one number',
      });
    },
  );
  it('needs the confirmation to match', () => {
    expect(errorsOf(signUpStep2Schema, { ...valid, confirm_password: 'Secret124' })).toEqual({
      confirm_password: 'Your password and confirmation password do not match',
    });
  });
  it('names every missing field with its own message', () => {
    expect(errorsOf(signUpStep2Schema, {})).toEqual({
      password: 'Please choose your password',
      confirm_password: 'Please retype your password',
      first_name: 'Please enter your first name',
      last_name: 'Please enter your last name',
    });
  });
});

describe('sign-up step 3', () => {
  it('asks for mobile, country and gender', () => {
    expect(errorsOf(signUpStep3Schema, { mobile: '', country_id: '', gender: '' })).toEqual({
      mobile: 'Please enter your mobile number',
      country_id: 'Please select your country',
      gender: 'Please select your gender',
    });
  });
});

describe('registration (server side)', () => {
  it('accepts a complete registration', () => {
    expect(
      errorsOf(registrationSchema, {
        type: 'Registration',
        email: 'lina@example.com',
        first_name: 'Lina',
        last_name: 'Haddad',
        password: 'Secret123',
        confirm_password: 'Secret123',
        mobile: '+971 501234567',
        country_id: 1,
        gender: 'Female',
      }),
    ).toEqual({});
  });
});

describe('wishlist e-mail', () => {
  it('uses its own wording', () => {
    expect(errorsOf(wishlistEmailSchema, { email: '' })).toEqual({ email: 'Please enter email address' });
    expect(errorsOf(wishlistEmailSchema, { email: 'x@' })).toEqual({
      email: 'Email must be a valid email address',
    });
  });
});

describe('reset password', () => {
  it('reuses the sign-up password rules', () => {
    expect(errorsOf(resetPasswordSchema, { password: 'weak', confirm_password: 'weak' })).toEqual({
      password: 'Use 8-16 characters with one upper letters and at least one number',
    });
  });
});
