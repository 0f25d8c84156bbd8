import { LOGO_MAX_BYTES } from '@shop/contract/validation';
import type { Cart, CartItem, CustomizationOptions } from '@shop/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CustomizationDialog } from './CustomizationDialog';
import { FORM_FEEDBACK_MS, PENDING_CART_DELAY_MS } from './constants';
import {
  cartOf,
  fail,
  GUEST_TOKEN,
  guestSession,
  installFakeApi,
  line,
  ok,
  product,
  renderWithCart,
} from './fakeBackend';

const MUG = product(5, 'Photo Mug');
const EVERYTHING: CustomizationOptions = {
  logo_customization: true,
  to_whom_customization: true,
  from_customization: true,
  message_customization: true,
  price: 5,
};

const customized = (item: CartItem, hasLogo = false): CartItem => ({
  ...item,
  customization: {
    selectedItems: hasLogo ? ['logo', 'to_whom'] : ['to_whom'],
    hasLogo,
    toWhom: 'Sara',
    from: null,
    note: null,
    brief: null,
    price: 36.73,
  },
  customization_id: item.id,
  customization_logo: hasLogo ? '/backend/api/cart/customization-logo' : null,
  customization_to_whom: 'Sara',
  customization_price: 36.73,
});

function open(item: CartItem, cart: Cart = cartOf(item)) {
  const onClose = jest.fn();
  const view = renderWithCart(<CustomizationDialog item={item} onClose={onClose} />, { cart });
  return { onClose, ...view };
}

const tick = (label: string) => fireEvent.click(screen.getByRole('checkbox', { name: label }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const chooseFile = (file: File) =>
  fireEvent.change(screen.getByLabelText('Upload logo or image'), { target: { files: [file] } });

describe('customization dialog', () => {
  beforeEach(() => {
    guestSession();
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:preview'), revokeObjectURL: jest.fn() });
  });
  afterEach(() => jest.useRealTimers());

  it('shows only the options the product offers', async () => {
    installFakeApi({
      'GET products/customizations/5': ok({
        ...EVERYTHING,
        logo_customization: false,
        from_customization: false,
      }),
    });
    open(line(11, MUG));
    expect(await screen.findByRole('checkbox', { name: 'To whom' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Special note' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Logo or image' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'From' })).not.toBeInTheDocument();
  });

  it("shows the price per piece in the cart's currency and says the cost is non-refundable", async () => {
    installFakeApi({ 'GET products/customizations/5': ok(EVERYTHING) });
    open(line(11, MUG));
    // 5 USD at 3.6725 AED per USD
    expect(await screen.findByText('AED 18.36')).toBeInTheDocument();
    expect(screen.getByText(/per piece/)).toBeInTheDocument();
    expect(screen.getByText('Customization cost is non-refundable.')).toBeInTheDocument();
  });

  it("shows 'Pelase select at least one option.' for 5 s when nothing is selected, and sends nothing", async () => {
    jest.useFakeTimers();
    const backend = installFakeApi({ 'GET products/customizations/5': ok(EVERYTHING) });
    open(line(11, MUG));
    await screen.findByRole('checkbox', { name: 'To whom' });
    save();
    expect(await screen.findByText('Pelase select at least one option.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(FORM_FEEDBACK_MS - 1000));
    expect(screen.getByText('Pelase select at least one option.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Pelase select at least one option.')).not.toBeInTheDocument();
    expect(backend.callsTo('POST cart/add-customization')).toHaveLength(0);
  });

  it('asks for each selected field, and only shows the fields of selected options', async () => {
    installFakeApi({ 'GET products/customizations/5': ok(EVERYTHING) });
    open(line(11, MUG));
    await screen.findByRole('checkbox', { name: 'To whom' });
    expect(screen.queryByLabelText('Receiver name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Upload logo or image')).not.toBeInTheDocument();
    for (const option of ['Logo or image', 'To whom', 'From', 'Special note']) tick(option);
    save();
    expect(await screen.findByText('Pelase enter a receiver name.')).toBeInTheDocument();
    expect(screen.getByText('Pelase enter a sender name.')).toBeInTheDocument();
    expect(screen.getByText('Pelase enter a special note.')).toBeInTheDocument();
    expect(screen.getByText('Upload logo/Image.')).toBeInTheDocument();
    expect(screen.getByText('A high-resolution PNG or JPG is recommended.')).toBeInTheDocument();
  });

  it("counts the note and the brief out of 300, and refuses a note over 300 with the spec's text", async () => {
    installFakeApi({ 'GET products/customizations/5': ok(EVERYTHING) });
    open(line(11, MUG));
    await screen.findByRole('checkbox', { name: 'Special note' });
    tick('Special note');
    expect(screen.getByTestId('note-counter')).toHaveTextContent('0 / 300');
    type('Note', 'Happy 30th!!');
    expect(screen.getByTestId('note-counter')).toHaveTextContent('12 / 300');
    type('Brief (optional)', 'Gold ink');
    expect(screen.getByTestId('brief-counter')).toHaveTextContent('8 / 300');
    type('Note', 'x'.repeat(301));
    save();
    expect(await screen.findByText("Note can't be longer than 300 characters")).toBeInTheDocument();
  });

  it('refuses a file that is not a JPEG or PNG, and one over 1MB, with the spec texts', async () => {
    const backend = installFakeApi({ 'GET products/customizations/5': ok(EVERYTHING) });
    open(line(11, MUG));
    await screen.findByRole('checkbox', { name: 'Logo or image' });
    tick('Logo or image');
    chooseFile(new File(['MZ'], 'logo.png', { type: 'application/x-msdownload' }));
    expect(
      await screen.findByText('Allowed extensions are : *.image/jpeg, *.image/jpg, *.image/png'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of the chosen logo' })).not.toBeInTheDocument();
    chooseFile(new File([new Uint8Array(LOGO_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('Maximum allowed size is 1MB.')).toBeInTheDocument();
    save();
    expect(await screen.findByText('Maximum allowed size is 1MB.')).toBeInTheDocument();
    expect(backend.callsTo('POST cart/add-customization')).toHaveLength(0);
  });

  it('previews the chosen file and lets its preview go when another is chosen or the dialog closes', async () => {
    installFakeApi({ 'GET products/customizations/5': ok(EVERYTHING) });
    let made = 0;
    Object.assign(URL, { createObjectURL: jest.fn(() => `blob:preview-${++made}`) });
    const { unmount } = open(line(11, MUG));
    await screen.findByRole('checkbox', { name: 'Logo or image' });
    tick('Logo or image');
    chooseFile(new File(['png'], 'first.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Preview of the chosen logo' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    chooseFile(new File(['jpg'], 'second.jpg', { type: 'image/jpeg' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Preview of the chosen logo' })).toHaveAttribute(
        'src',
        'blob:preview-2',
      ),
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
  });

  it("shows the server's message at the logo when it refuses the file's bytes", async () => {
    installFakeApi({
      'GET products/customizations/5': ok(EVERYTHING),
      'POST cart/add-customization': fail(
        415,
        'Allowed extensions are : *.image/jpeg, *.image/jpg, *.image/png',
        {
          logo: 'Allowed extensions are : *.image/jpeg, *.image/jpg, *.image/png',
        },
      ),
    });
    open(line(11, MUG));
    await screen.findByRole('checkbox', { name: 'Logo or image' });
    tick('Logo or image');
    // Declared a PNG, but the bytes are a program: only the server can tell.
    chooseFile(new File(['MZ\u0090'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Preview of the chosen logo' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    save();
    expect(
      await screen.findByText('Allowed extensions are : *.image/jpeg, *.image/jpg, *.image/png'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Upload logo or image')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the selection as multipart, says it is added, and sets the cart items 5 s later', async () => {
    jest.useFakeTimers();
    const item = line(11, MUG);
    const answered = cartOf(customized(item));
    const backend = installFakeApi({
      'GET products/customizations/5': ok(EVERYTHING),
      'POST cart/add-customization': ok(answered),
    });
    const { store } = open(item);
    await screen.findByRole('checkbox', { name: 'To whom' });
    tick('To whom');
    type('Receiver name', '  Sara ');
    type('Brief (optional)', 'Gold ink');
    save();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your selection(s) for the customization of the item is added.',
    );
    const form = backend.callsTo('POST cart/add-customization')[0]?.form;
    expect(form?.get('selectedItems')).toBe('["to_whom"]');
    expect(form?.get('toWhom')).toBe('Sara');
    expect(form?.get('from')).toBe('');
    expect(form?.get('brief')).toBe('Gold ink');
    expect(form?.get('cart_item_id')).toBe('11');
    expect(form?.get('product_id')).toBe('5');
    expect(form?.get('guest_session_token')).toBe(GUEST_TOKEN);
    expect(form?.get('logo')).toBeNull();

    expect(store.getState().cart.cart?.items[0]?.customization).toBeNull();
    act(() => jest.advanceTimersByTime(PENDING_CART_DELAY_MS - 1000));
    expect(store.getState().cart.cart?.items[0]?.customization).toBeNull();
    act(() => jest.advanceTimersByTime(1000));
    expect(store.getState().cart.cart).toEqual(answered);
  });

  it('applies the pending cart at once when the dialog is closed', async () => {
    const item = line(11, MUG);
    const answered = cartOf(customized(item));
    installFakeApi({
      'GET products/customizations/5': ok(EVERYTHING),
      'POST cart/add-customization': ok(answered),
    });
    const { store, onClose } = open(item);
    await screen.findByRole('checkbox', { name: 'To whom' });
    tick('To whom');
    type('Receiver name', 'Sara');
    save();
    await screen.findByRole('status');
    expect(store.getState().cart.cart).not.toEqual(answered);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(store.getState().cart.cart).toEqual(answered);
  });

  it('keeps the saved logo unless a new file is chosen, and shows it', async () => {
    const item = customized(line(11, MUG), true);
    const backend = installFakeApi({
      'GET products/customizations/5': ok(EVERYTHING),
      'POST cart/customization-logo': { status: 200, blob: new Blob(['png'], { type: 'image/png' }) },
      'POST cart/add-customization': ok(cartOf(item)),
    });
    open(item);
    expect(await screen.findByRole('img', { name: 'Your saved logo' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(
      screen.getByText(/Your saved logo will be kept unless you choose a new file\./),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Receiver name')).toHaveValue('Sara');
    expect(backend.callsTo('POST cart/customization-logo')[0]?.body).toEqual({
      cart_item_id: 11,
      guest_session_token: GUEST_TOKEN,
    });
    save();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your selection(s) for the customization of the item is added.',
    );
    const form = backend.callsTo('POST cart/add-customization')[0]?.form;
    expect(form?.get('selectedItems')).toBe('["logo","to_whom"]');
    expect(form?.get('logo')).toBeNull();
  });

  it('removes an existing customization', async () => {
    const item = customized(line(11, MUG));
    const backend = installFakeApi({
      'GET products/customizations/5': ok(EVERYTHING),
      'POST cart/remove-customization': ok(cartOf(line(11, MUG))),
    });
    open(item);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove customization' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The customization of the item is removed.');
    expect(backend.callsTo('POST cart/remove-customization')[0]?.body).toEqual({
      cart_item_id: 11,
      guest_session_token: GUEST_TOKEN,
    });
    expect(screen.queryByRole('button', { name: 'Remove customization' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'To whom' })).not.toBeChecked();
  });

  it("shows the server's reason, or 'Action failed, please try again later.', for 5 s when a save fails", async () => {
    jest.useFakeTimers();
    installFakeApi({
      'GET products/customizations/5': ok(EVERYTHING),
      'POST cart/add-customization': fail(500, 'Internal Server Error'),
    });
    open(line(11, MUG));
    await screen.findByRole('checkbox', { name: 'To whom' });
    tick('To whom');
    type('Receiver name', 'Sara');
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Action failed, please try again later.');
    act(() => jest.advanceTimersByTime(FORM_FEEDBACK_MS));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['the product offers nothing', ok(null)],
    ['the options cannot be loaded', fail(500, 'Internal Server Error')],
  ])("says 'No options found due to a temporary issue' when %s", async (_, answer) => {
    installFakeApi({ 'GET products/customizations/5': answer });
    open(line(11, MUG));
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('No options found due to a temporary issue')).toBeInTheDocument();
    expect(within(panel).getByText('Please refresh your browser or try after some time')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
