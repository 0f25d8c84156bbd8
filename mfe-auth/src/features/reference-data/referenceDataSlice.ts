import type { AuthSlide, Country } from '@shop/shared';
import { createAsyncThunk, createSlice } from '@shop/shared/redux';
import type { AuthServices } from '../../services';
import type { Gender, SlideKind } from '../session/authApi';

type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

interface Loaded<T> {
  items: T[];
  status: LoadStatus;
}

export interface ReferenceDataState {
  countries: Loaded<Country>;
  genders: Loaded<Gender>;
  signinSlides: Loaded<AuthSlide>;
  signupSlides: Loaded<AuthSlide>;
}

type ListName = keyof ReferenceDataState;

const empty = { items: [], status: 'idle' } as const;
const initialState: ReferenceDataState = {
  countries: { ...empty, items: [] },
  genders: { ...empty, items: [] },
  signinSlides: { ...empty, items: [] },
  signupSlides: { ...empty, items: [] },
};

const createThunk = createAsyncThunk.withTypes<{
  state: { referenceData: ReferenceDataState };
  extra: AuthServices;
}>();

/** Loads once per page; a failed load is tried again the next time a form asks. */
const onlyOnce =
  (list: ListName) =>
  (_: unknown, { getState }: { getState: () => { referenceData: ReferenceDataState } }) => {
    const status = getState().referenceData[list].status;
    return status === 'idle' || status === 'failed';
  };

async function itemsOrFail<T>(call: Promise<{ status: true; data: T } | { status: false }>): Promise<T> {
  const answer = await call;
  if (!answer.status) throw new Error('reference data unavailable');
  return answer.data;
}

export const loadCountries = createThunk(
  'referenceData/countries',
  async (_: undefined, { extra }) => (await itemsOrFail(extra.api.countries())).list,
  { condition: onlyOnce('countries') },
);

export const loadGenders = createThunk(
  'referenceData/genders',
  async (_: undefined, { extra }) => (await itemsOrFail(extra.api.genders())).genders,
  { condition: onlyOnce('genders') },
);

export const loadSlides = createThunk(
  'referenceData/slides',
  async (kind: SlideKind, { extra }) => (await itemsOrFail(extra.api.slides(kind))).items,
  { condition: (kind, api) => onlyOnce(`${kind}Slides`)(kind, api) },
);

const referenceDataSlice = createSlice({
  name: 'referenceData',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadCountries.pending, (state) => {
        state.countries.status = 'loading';
      })
      .addCase(loadCountries.fulfilled, (state, action) => {
        state.countries = { items: action.payload, status: 'succeeded' };
      })
      .addCase(loadCountries.rejected, (state) => {
        state.countries.status = 'failed';
      })
      .addCase(loadGenders.pending, (state) => {
        state.genders.status = 'loading';
      })
      .addCase(loadGenders.fulfilled, (state, action) => {
        state.genders = { items: action.payload, status: 'succeeded' };
      })
      .addCase(loadGenders.rejected, (state) => {
        state.genders.status = 'failed';
      })
      .addCase(loadSlides.pending, (state, action) => {
        state[`${action.meta.arg}Slides`].status = 'loading';
      })
      .addCase(loadSlides.fulfilled, (state, action) => {
        state[`${action.meta.arg}Slides`] = { items: action.payload, status: 'succeeded' };
      })
      .addCase(loadSlides.rejected, (state, action) => {
        state[`${action.meta.arg}Slides`].status = 'failed';
      });
  },
});

export const referenceDataReducer = referenceDataSlice.reducer;
