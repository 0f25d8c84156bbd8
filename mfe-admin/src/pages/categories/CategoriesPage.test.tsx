import type { CategoryTree } from '@shop/contract/schemas/categoryTree';
import { type FakeCall, installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, within } from '@testing-library/react';
import { fillIn, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';

beforeEach(() => signOutEverywhere());

const picture = { id: 7, url: '/backend/api/images/uploaded/7.webp', width: 800, height: 800 };

const treeOf = (): CategoryTree => ({
  types: [
    {
      id: 1,
      name: 'Gifts',
      slug: 'gifts',
      position: 0,
      image: picture,
      product_count: 5,
      categories: [
        {
          id: 11,
          name: 'Mugs',
          slug: 'mugs',
          position: 0,
          image: null,
          product_count: 3,
          sub_categories: [
            { id: 111, name: 'Travel mugs', slug: 'travel-mugs', position: 0, image: null, product_count: 3 },
          ],
        },
        {
          id: 12,
          name: 'Cards',
          slug: 'cards',
          position: 1,
          image: null,
          product_count: 2,
          sub_categories: [],
        },
      ],
    },
    { id: 2, name: 'Home', slug: 'home', position: 1, image: null, product_count: 0, categories: [] },
  ],
});

const entry = (level: string, id: number, name: string) => ({
  entry: { level, id, name, slug: 'x', position: 0, parent_id: null, image: null, product_count: 0 },
});

/** A back office whose tree answers `treeOf()`, and changes answered as given. */
function backendWith(changes: Record<string, (call: FakeCall) => ReturnType<typeof ok>>) {
  return installFakeBackend(routeTable({ 'GET admin/category-tree': ok(treeOf()), ...changes }));
}

const treeReads = (calls: FakeCall[]) => calls.filter((call) => call.path === 'admin/category-tree').length;

describe('the categories page', () => {
  it('shows the tree with pictures, slugs and product counts, to staff too', async () => {
    backendWith({});
    signIn('staff');
    renderAdmin('/admin/categories');

    const tree = await screen.findByRole('list', { name: 'Category tree' });
    expect(screen.getByRole('link', { name: 'Categories' })).toBeInTheDocument();
    expect(within(tree).getByText('Gifts')).toBeInTheDocument();
    expect(within(tree).getByText(/5 products/)).toBeInTheDocument();
    const mugs = screen.getByRole('list', { name: 'Categories of Gifts' });
    expect(within(mugs).getByText('mugs')).toBeInTheDocument();
    const subs = screen.getByRole('list', { name: 'Sub-categories of Mugs' });
    expect(within(subs).getByText('Travel mugs')).toBeInTheDocument();
    expect(tree.querySelector('img')).toHaveAttribute('src', picture.url);
    // First and last siblings cannot go further.
    expect(screen.getByRole('button', { name: 'Move Gifts up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Home down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add a sub-category to Mugs' })).toBeEnabled();
  });

  it('adds a category under its type with a slug made from the name, and says so', async () => {
    const backend = backendWith({
      'POST admin/category-tree/categories': (call) =>
        ok(entry('categories', 13, (call.body as { name: string }).name), 201),
    });
    signIn('owner');
    renderAdmin('/admin/categories');

    fireEvent.click(await screen.findByRole('button', { name: 'Add a category to Gifts' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a category to Gifts' });
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    fillIn({ Name: 'Plant Pots & Trays' }, within(dialog));
    expect(within(dialog).getByLabelText('Slug')).toHaveAccessibleDescription(/plant-pots-and-trays/);
    expect(within(dialog).getByLabelText('Product type')).toHaveValue('1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('“Plant Pots & Trays” is added.');
    expect(note).toHaveFocus();
    expect(backend.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Plant Pots & Trays',
      slug: '',
      image_id: null,
      parent_id: 1,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(treeReads(backend.calls)).toBe(2);
  });

  it('asks for a name before sending anything', async () => {
    const backend = backendWith({});
    signIn('owner');
    renderAdmin('/admin/categories');

    fireEvent.click(await screen.findByRole('button', { name: 'Add a product type' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the name.');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(backend.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('moves an entry among its siblings with buttons', async () => {
    const backend = backendWith({
      'POST admin/category-tree/categories/11/position': () => ok(entry('categories', 11, 'Mugs')),
    });
    signIn('owner');
    renderAdmin('/admin/categories');

    fireEvent.click(await screen.findByRole('button', { name: 'Move Mugs down' }));
    expect(await screen.findByRole('status')).toHaveTextContent('“Mugs” moved down.');
    expect(backend.calls.find((call) => call.method === 'POST')?.body).toEqual({ position: 1 });
  });

  it('moves a sub-category to another category and gives it a picture', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/category-tree': ok(treeOf()),
        'POST admin/images': ok({ image: picture }, 201),
        'PUT admin/category-tree/sub-categories/111': (call) =>
          ok(entry('sub-categories', 111, (call.body as { name: string }).name)),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/categories');

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Travel mugs' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit “Travel mugs”' });
    fillIn({ Name: 'Flasks', Slug: 'flasks' }, within(dialog));
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText('Upload a picture'), {
      target: { files: [new File([new Uint8Array(100)], 'flask.png', { type: 'image/png' })] },
    });
    expect(await within(dialog).findByRole('img', { name: 'Picture (uploaded)' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('“Flasks” is saved.');
    expect(backend.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Flasks',
      slug: 'flasks',
      image_id: 7,
      parent_id: 12,
    });
  });

  it("reads out the API's refusal of a taken slug at the field", async () => {
    backendWith({
      'PUT admin/category-tree/categories/12': () =>
        refused(409, 'SLUG_TAKEN', 'Another category has the slug “mugs”.', {
          slug: 'is taken: choose another',
        }),
    });
    signIn('owner');
    renderAdmin('/admin/categories');

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Cards' }));
    const dialog = screen.getByRole('dialog');
    fillIn({ Slug: 'mugs' }, within(dialog));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another category has the slug “mugs”.',
    );
    expect(within(dialog).getByLabelText('Slug')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says what still uses an entry when its delete is refused, and deletes an unused one', async () => {
    const backend = backendWith({
      'DELETE admin/category-tree/categories/11': () =>
        refused(
          409,
          'CATEGORY_IN_USE',
          'This category is still used by 3 products, 1 sub-category: move or delete them first.',
          {
            products: '3',
            'sub-categories': '1',
          },
        ),
      'DELETE admin/category-tree/types/2': () => ok({}),
    });
    signIn('owner');
    renderAdmin('/admin/categories');

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Mugs' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Mugs”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'still used by 3 products, 1 sub-category',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Home' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('“Home” is deleted.');
    expect(backend.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      'admin/category-tree/categories/11',
      'admin/category-tree/types/2',
    ]);
  });
});
