/** The lists the forms offer: countries, genders, age groups, and the slides beside sign-in and sign-up. */
import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { AuthSlide, Country } from './auth';

export const Countries = Type.Object({ list: Type.Array(Country) });
export const DeliveryCountries = Type.Object({
  list: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export const Genders = Type.Object({ genders: Type.Array(Type.Object({ name: Type.String() })) });
export const AgeGroups = Type.Object({
  list: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export const AuthSlides = Type.Object({ items: Type.Array(AuthSlide) });

/**
 * `/countries`, `/delivery-countries`, `/gender`, `/age-group`, `/signin-slides`, `/signup-slides`
 * (backend/src/modules/referenceLists).
 */
export const referenceListEndpoints = endpoints({
  'GET countries': { summary: 'Countries (sign-up, profile)', response: Countries },
  'GET delivery-countries': {
    summary: 'Countries the shop delivers to (checkout addresses)',
    response: DeliveryCountries,
  },
  'GET gender': { summary: 'Genders the forms offer', response: Genders },
  'GET age-group': { summary: 'Age groups (profile)', response: AgeGroups },
  'GET signin-slides': { summary: 'Slides beside the sign-in form', response: AuthSlides },
  'GET signup-slides': { summary: 'Slides beside the sign-up form', response: AuthSlides },
});
