/** The lists the sign-up and profile forms offer: countries, genders, age groups, and the slides. */
import type { AuthSlide, Country } from '@shop/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authSlides, countries } from '../db/schema';
import { imageUrl } from './images';

/** The spec's gender list; registration accepts exactly these (any letter case, stored as here). */
export const GENDERS = ['Male', 'Female'] as const;

export const AGE_GROUPS = ['Under 18', '18-24', '25-34', '35-44', '45-54', '55+'].map((name, index) => ({
  id: index + 1,
  name,
}));

export async function listCountries(db: Database): Promise<Country[]> {
  return db
    .select({ id: countries.id, name: countries.name, iso2: countries.iso2, dial_code: countries.dialCode })
    .from(countries)
    .orderBy(asc(countries.position), asc(countries.id));
}

export async function listSlides(db: Database, kind: 'signin' | 'signup'): Promise<AuthSlide[]> {
  const rows = await db
    .select()
    .from(authSlides)
    .where(eq(authSlides.kind, kind))
    .orderBy(asc(authSlides.position), asc(authSlides.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    sub_title: row.subTitle,
    image: imageUrl('slides', row.id),
  }));
}
