import type {
  AdminProduct,
  AdminProductListItem,
  ProductFormOptions,
  ProductInput,
} from '@shop/contract/schemas/adminCatalogue';
import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, within } from '@testing-library/react';
import { fillIn, listPage, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';
import { XSS } from '../../test/orderFixtures';

beforeEach(() => signOutEverywhere());

const options: ProductFormOptions = {
  suppliers: [{ id: 3, name: 'Cedar Works' }],
  packagings: [
    { id: 1, title: 'Gift box', price: 5 },
    { id: 2, title: 'Silk wrap', price: 8 },
  ],
  types: [
    {
      id: 10,
      name: 'Home',
      categories: [{ id: 20, name: 'Boxes', sub_categories: [{ id: 30, name: 'Keepsake boxes' }] }],
    },
    { id: 11, name: 'Garden', categories: [] },
  ],
};

const item = (changes: Partial<AdminProductListItem> = {}): AdminProductListItem => ({
  id: 7,
  title: 'Oak keepsake box',
  slug: 'oak-keepsake-box',
  image: '/backend/api/images/products/7.svg',
  price: 40,
  stock_quantity: 3,
  type: 'Home',
  category: 'Boxes',
  sub_category: 'Keepsake boxes',
  archived_at: null,
  updated_at: '2026-11-27T10:00:00.000Z',
  ...changes,
});

const product = (changes: Partial<AdminProduct> = {}): AdminProduct => ({
  id: 7,
  title: 'Oak keepsake box',
  slug: 'oak-keepsake-box',
  hint: null,
  price: 40,
  old_price: null,
  stock_quantity: 3,
  hot: false,
  new_item: true,
  free_delivery: false,
  is_customizable: false,
  supplier_id: 3,
  type_id: 10,
  category_id: 20,
  sub_category_id: 30,
  specifications: [{ name: 'Wood', value: 'Oak', quick_view: true }],
  customization: null,
  packagings: [],
  description: '<p>Oiled oak.</p>',
  short_description: 'An oak box',
  line: null,
  media: [
    {
      kind: 'image',
      image: { id: 51, url: '/backend/api/images/uploaded/51.webp', width: 800, height: 600 },
    },
    { kind: 'video', url: 'https://www.youtube.com/embed/box' },
  ],
  group: null,
  old_slugs: ['oak-box'],
  image: '/backend/api/images/uploaded/51.webp',
  archived_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  ...changes,
});

describe('the product list', () => {
  it('lists products with their archived mark, the titles as text; searches and shows archived ones', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/products': (call) =>
          ok(
            listPage(
              call.query?.archived === 'true'
                ? [item({ id: 8, title: 'Old jar', archived_at: '2026-11-20T10:00:00.000Z' })]
                : [item({ title: `Oak box ${XSS}` })],
            ),
          ),
      }),
    );
    signIn('staff');
    const { container } = renderAdmin('/admin/products');
    const [card] = await screen.findAllByTestId('product');
    expect(card).toHaveTextContent(`Oak box ${XSS}`);
    expect(card).toHaveTextContent('Home › Boxes › Keepsake boxes');
    expect(within(card as HTMLElement).getByRole('link', { name: `Oak box ${XSS}` })).toHaveAttribute(
      'href',
      '/admin/products/7',
    );
    expect(container.querySelector('img[onerror]')).toBeNull();

    fillIn({ 'Search by title or slug': 'oak' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findAllByTestId('product');
    expect(backend.calls.at(-1)?.query).toEqual({ page: '1', q: 'oak' });

    fireEvent.click(screen.getByLabelText('Show archived products'));
    expect(await screen.findByText('Archived')).toBeInTheDocument();
    expect(backend.calls.at(-1)?.query).toEqual({ page: '1', q: 'oak', archived: 'true' });
  });
});

describe('the product editor', () => {
  it('creates a product: the slug follows the title, every part is sent, and the product page opens', async () => {
    let sent: ProductInput | null = null;
    installFakeBackend(
      routeTable({
        'GET admin/products/options': ok(options),
        'POST admin/products': (call) => {
          sent = call.body as ProductInput;
          return ok({ product: product({ id: 9, title: sent.title, slug: sent.slug }) }, 201);
        },
        'GET admin/products/9': ok({
          product: product({ id: 9, title: 'Walnut tray', slug: 'walnut-tray' }),
        }),
      }),
    );
    signIn('staff');
    renderAdmin('/admin/products/new');
    await screen.findByLabelText('Title');
    fillIn({ Title: 'Walnut Tray', 'Price (USD)': '25.50', 'Old price (USD, optional)': '30', Stock: '4' });
    expect(screen.getByLabelText('Slug')).toHaveValue('walnut-tray');
    fillIn({ 'Product type': '10' });
    fillIn({ Category: '20' });
    fillIn({ 'Sub-category': '30', Supplier: '3', Description: '<p>Hand made</p>' });
    fireEvent.click(screen.getByLabelText('Hot'));
    fireEvent.click(screen.getByRole('button', { name: 'Add a specification' }));
    fillIn({ 'Specification 1 name': 'Wood', 'Specification 1 value': 'Walnut' });
    fireEvent.click(screen.getByLabelText('Specification 1 in quick view'));
    fireEvent.click(screen.getByLabelText('Customizable'));
    fireEvent.click(screen.getByLabelText('Message'));
    fillIn({ 'Customization price per piece (USD)': '3' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a packaging' }));
    fillIn({ 'Packaging 1': '2', 'Packaging 1 price (USD)': '6' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a video' }));
    // An address the storefront cannot frame (its CSP allows YouTube only) is refused before sending.
    fillIn({ 'Video 1 address': 'https://player.vimeo.com/video/76979871' });
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect((await screen.findAllByText(/A video is a YouTube embed address/)).length).toBeGreaterThan(0);
    expect(sent).toBeNull();
    fillIn({ 'Video 1 address': 'https://www.youtube.com/embed/tray' });
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Walnut tray' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The product is created.');
    expect(sent).toEqual({
      title: 'Walnut Tray',
      slug: 'walnut-tray',
      description: '<p>Hand made</p>',
      short_description: '',
      hint: null,
      price: 25.5,
      old_price: 30,
      stock_quantity: 4,
      hot: true,
      new_item: true,
      free_delivery: false,
      is_customizable: true,
      supplier_id: 3,
      type_id: 10,
      category_id: 20,
      sub_category_id: 30,
      specifications: [{ name: 'Wood', value: 'Walnut', quick_view: true }],
      customization: { logo: false, to_whom: false, sender: false, message: true, price: 3 },
      packagings: [{ packaging_id: 2, price: 6, level: 'item' }],
      media: [{ kind: 'video', url: 'https://www.youtube.com/embed/tray' }],
      group: null,
    });
  });

  it('names what is missing before sending anything', async () => {
    const backend = installFakeBackend(routeTable({ 'GET admin/products/options': ok(options) }));
    signIn('owner');
    renderAdmin('/admin/products/new');
    await screen.findByLabelText('Slug');
    fillIn({ Slug: 'Bad Slug', 'Price (USD)': 'ten' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create product' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Enter a title.');
    expect(alert).toHaveTextContent('Use lower-case letters and digits joined by single hyphens.');
    expect(alert).toHaveTextContent('Enter an amount such as 12 or 12.50.');
    expect(alert).toHaveTextContent('Choose a product type.');
    expect(screen.getByLabelText('Slug')).toHaveAttribute('aria-invalid', 'true');
    expect(backend.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("saves an edit without the stock (the stock panel's), in the media's new order, and shows the API's 409", async () => {
    const saved: ProductInput[] = [];
    installFakeBackend(
      routeTable({
        'GET admin/products/options': ok(options),
        'GET admin/products/7': ok({ product: product() }),
        'PUT admin/products/7': (call) => {
          const body = call.body as ProductInput;
          saved.push(body);
          if (body.slug === 'taken-slug') {
            return refused(409, 'SLUG_TAKEN', 'The slug "taken-slug" is the slug of "Tin box" (product 3).', {
              slug: 'is taken',
            });
          }
          return ok({ product: product({ price: body.price }) });
        },
      }),
    );
    signIn('staff');
    renderAdmin('/admin/products/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Oak keepsake box' }),
    ).toBeInTheDocument();
    expect(screen.getByText('In stock: 3')).toBeInTheDocument();
    expect(screen.queryByLabelText('Stock')).not.toBeInTheDocument();
    expect(screen.getByText(/Earlier addresses that lead here: oak-box/)).toBeInTheDocument();

    fillIn({ 'Price (USD)': '44' });
    fireEvent.click(screen.getByRole('button', { name: 'Move video 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The product is saved.');
    expect(saved[0]).toMatchObject({
      price: 44,
      media: [
        { kind: 'video', url: 'https://www.youtube.com/embed/box' },
        { kind: 'image', image_id: 51 },
      ],
    });
    expect(saved[0]).not.toHaveProperty('stock_quantity');

    fillIn({ Slug: 'taken-slug' });
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    expect(
      await screen.findByText('The slug "taken-slug" is the slug of "Tin box" (product 3).'),
    ).toBeInTheDocument();
    expect(screen.getByText('slug: is taken')).toBeInTheDocument();
  });

  it('archives only after the confirmation, and can bring the product back', async () => {
    let current = product();
    const backend = installFakeBackend(
      routeTable({
        'GET admin/products/options': ok(options),
        'GET admin/products/7': () => ok({ product: current }),
        'POST admin/products/7/archive': () => {
          current = product({ archived_at: '2026-11-27T11:00:00.000Z' });
          return ok({ product: current });
        },
        'POST admin/products/7/unarchive': () => {
          current = product();
          return ok({ product: current });
        },
      }),
    );
    signIn('staff');
    renderAdmin('/admin/products/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    const question = screen.getByText(/Archive "Oak keepsake box"\? It leaves the storefront/);
    expect(question).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(backend.calls.filter((call) => call.method === 'POST')).toEqual([]);
    // Cancel gives the focus back to the Archive button (it does not drop to the page's body).
    expect(screen.getByRole('button', { name: 'Archive' })).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, archive it' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The product is archived');
    fireEvent.click(await screen.findByRole('button', { name: 'Bring back to the storefront' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The product is back on the storefront.');
    expect(backend.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      'admin/products/7/archive',
      'admin/products/7/unarchive',
    ]);
  });

  it('says so for a product that does not exist', async () => {
    installFakeBackend(routeTable({ 'GET admin/products/options': ok(options) }));
    signIn('staff');
    renderAdmin('/admin/products/99');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such product.');
  });
});
