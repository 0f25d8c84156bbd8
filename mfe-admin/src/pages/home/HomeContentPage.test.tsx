import { type AdminHomeContent, HOME_CONTENT_MESSAGES } from '@shop/contract/schemas/homeContent';
import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, within } from '@testing-library/react';
import { fillIn, listPage, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';

beforeEach(() => signOutEverywhere());

const slide = (id: number, title: string, position: number) => ({
  id,
  position,
  title,
  sub_title: `${title} for everyone`,
  button_text: 'Shop now',
  button_link: '/products',
  offer_tag: null,
  image: null,
});

const content = (changes: Partial<AdminHomeContent> = {}): AdminHomeContent => ({
  slides: [slide(1, 'Gifts That Speak', 1), slide(2, 'Eid collection', 2)],
  banners: [
    {
      id: 1,
      position: 1,
      title: 'Exclusive gifts',
      sub_title: 'Only here',
      template: 1,
      link_type: 'Box',
      link: '/products?line=exclusive',
      button_text: 'See all',
      image: null,
    },
  ],
  deal: {
    id: 1,
    title: 'Deal of the day',
    starts_at: '2026-11-27T10:00:00.000Z',
    ends_at: '2099-11-28T10:00:00.000Z',
    products: [{ id: 4, title: 'Rose mug', slug: 'rose-mug' }],
  },
  blocks: [{ position: 1, product_type: { id: 1, name: 'Gifts' }, categories: [{ id: 11, name: 'Mugs' }] }],
  types: [
    {
      id: 1,
      name: 'Gifts',
      categories: [
        { id: 11, name: 'Mugs' },
        { id: 12, name: 'Lamps' },
      ],
    },
    { id: 2, name: 'Toys', categories: [{ id: 21, name: 'Puzzles' }] },
  ],
  ...changes,
});

const picture = { id: 9, url: '/backend/api/images/uploaded/9.webp', width: 1600, height: 533 };

describe('the Home page of the back office', () => {
  it('adds a slide with an uploaded picture, as staff, and shows the answered order', async () => {
    const added = content({
      slides: [...content().slides, { ...slide(3, 'Spring gifts', 3), image: picture, offer_tag: '20% off' }],
    });
    const backend = installFakeBackend(
      routeTable({
        'GET admin/home': ok(content()),
        'POST admin/images': ok({ image: picture }, 201),
        'POST admin/home/slides': ok(added, 201),
      }),
    );
    signIn('staff');
    renderAdmin('/admin/home');
    const slides = await screen.findByRole('region', { name: 'Hero slides' });
    expect(
      within(slides)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Gifts That Speak'), expect.stringContaining('Eid collection')]);

    fireEvent.click(within(slides).getByRole('button', { name: 'Add a slide' }));
    const form = within(within(slides).getByRole('form', { name: 'Add a slide' }));
    fillIn(
      {
        Title: 'Spring gifts',
        'Sub-title': 'Fresh picks',
        'Button text': 'Shop now',
        'Offer tag (optional)': '20% off',
      },
      form,
    );
    fireEvent.change(form.getByLabelText('Button link'), { target: { value: '/products?type=flowers' } });
    fireEvent.change(form.getByLabelText('Upload a picture'), {
      target: { files: [new File([new Uint8Array(10)], 'spring.jpg', { type: 'image/jpeg' })] },
    });
    expect(await form.findByRole('img', { name: 'Picture (uploaded)' })).toHaveAttribute('src', picture.url);
    fireEvent.click(form.getByRole('button', { name: 'Save' }));

    expect(await within(slides).findByRole('status')).toHaveTextContent('Added Spring gifts.');
    expect(within(slides).getAllByRole('listitem')).toHaveLength(3);
    const sent = backend.calls.find((call) => call.method === 'POST' && call.path === 'admin/home/slides');
    expect(sent?.body).toEqual({
      title: 'Spring gifts',
      sub_title: 'Fresh picks',
      button_text: 'Shop now',
      button_link: '/products?type=flowers',
      offer_tag: '20% off',
      image_id: 9,
    });
    expect(sent?.authorization).toBe('Bearer adm.staff-token');
  });

  it('refuses a link that is neither a shop path nor http(s) before sending, and shows the API refusal at its field', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/home': ok(content()),
        'PUT admin/home/slides/1': refused(400, 'VALIDATION_FAILED', 'title is empty', {
          title: 'is empty',
        }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/home');
    const slides = await screen.findByRole('region', { name: 'Hero slides' });
    fireEvent.click(within(slides).getByRole('button', { name: 'Edit Gifts That Speak' }));
    const form = within(within(slides).getByRole('form', { name: 'Edit Gifts That Speak' }));
    const link = form.getByLabelText('Button link');
    fireEvent.change(link, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription(expect.stringContaining(HOME_CONTENT_MESSAGES.link));
    expect(backend.calls.filter((call) => call.method !== 'GET')).toEqual([]);

    fireEvent.change(link, { target: { value: 'https://gifts.example/spring' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    const title = form.getByLabelText('Title');
    await screen.findByText('is empty');
    expect(title).toHaveAttribute('aria-invalid', 'true');
  });

  it('moves and removes slides, and says the sixth cannot be added', async () => {
    const five = content({ slides: [1, 2, 3, 4, 5].map((id) => slide(id, `Slide ${id}`, id)) });
    const moved = content({ slides: [2, 1, 3, 4, 5].map((id, at) => slide(id, `Slide ${id}`, at + 1)) });
    const backend = installFakeBackend(
      routeTable({
        'GET admin/home': ok(five),
        'POST admin/home/slides/1/move': ok(moved),
        'DELETE admin/home/slides/2': ok(content({ slides: moved.slides.slice(1) })),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/home');
    const slides = await screen.findByRole('region', { name: 'Hero slides' });
    expect(within(slides).getByRole('button', { name: 'Add a slide' })).toBeDisabled();
    expect(slides).toHaveTextContent(HOME_CONTENT_MESSAGES.slidesFull);
    expect(within(slides).getByRole('button', { name: 'Move up: Slide 1' })).toBeDisabled();

    fireEvent.click(within(slides).getByRole('button', { name: 'Move down: Slide 1' }));
    expect(await within(slides).findByRole('status')).toHaveTextContent('Moved Slide 1 down.');
    expect(within(slides).getAllByRole('listitem')[0]).toHaveTextContent('Slide 2');

    fireEvent.click(within(slides).getByRole('button', { name: 'Remove Slide 2' }));
    expect(await within(slides).findByText('Removed Slide 2.')).toBeInTheDocument();
    expect(within(slides).getAllByRole('listitem')).toHaveLength(4);
    expect(within(slides).getByRole('button', { name: 'Add a slide' })).toBeEnabled();
    expect(
      backend.calls
        .filter((call) => call.method !== 'GET')
        .map((call) => [call.method, call.path, call.body]),
    ).toEqual([
      ['POST', 'admin/home/slides/1/move', { direction: 'down' }],
      ['DELETE', 'admin/home/slides/2', undefined],
    ]);
  });

  it('edits a banner: template, link type and link', async () => {
    const backend = installFakeBackend(
      routeTable({ 'GET admin/home': ok(content()), 'PUT admin/home/banners/1': ok(content()) }),
    );
    signIn('staff');
    renderAdmin('/admin/home');
    const banners = await screen.findByRole('region', { name: 'Banners' });
    fireEvent.click(within(banners).getByRole('button', { name: 'Edit Exclusive gifts' }));
    const form = within(within(banners).getByRole('form', { name: 'Edit Exclusive gifts' }));
    fireEvent.change(form.getByLabelText('Template'), { target: { value: '3' } });
    fireEvent.change(form.getByLabelText('Link type'), { target: { value: 'Button' } });
    fireEvent.change(form.getByLabelText('Link'), { target: { value: '/about' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await within(banners).findByRole('status')).toHaveTextContent('Saved Exclusive gifts.');
    expect(backend.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      title: 'Exclusive gifts',
      sub_title: 'Only here',
      template: 3,
      link_type: 'Button',
      link: '/about',
      button_text: 'See all',
      image_id: null,
    });
  });

  it('picks the deal’s products by search and saves them with the end time', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/home': ok(content()),
        'GET admin/products': ok(listPage([{ id: 7, title: 'Candle set', slug: 'candle-set' }])),
        'PUT admin/home/deal': ok(content()),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/home');
    const deal = await screen.findByRole('region', { name: 'Deal of the day' });
    const search = within(deal).getByLabelText('Find a product');
    fireEvent.change(search, { target: { value: 'candle' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(await within(deal).findByRole('button', { name: 'Add Candle set' }));
    fireEvent.click(within(deal).getByRole('button', { name: 'Remove Rose mug' }));
    fireEvent.change(within(deal).getByLabelText('Ends at'), { target: { value: '2099-12-01T18:30' } });
    fireEvent.click(within(deal).getByRole('button', { name: 'Save' }));
    expect(await within(deal).findByRole('status')).toHaveTextContent('Saved the deal of the day.');
    const put = backend.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      title: 'Deal of the day',
      ends_at: new Date('2099-12-01T18:30').toISOString(),
      product_ids: [7],
    });
    expect(backend.calls.find((call) => call.path === 'admin/products')?.query).toEqual({ q: 'candle' });
  });

  it('sets the category block at a position with a type and its categories', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/home': ok(content()),
        'PUT admin/home/category-blocks/2': ok(content()),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/home');
    const blocks = await screen.findByRole('region', { name: 'Category blocks' });
    expect(within(blocks).getByLabelText('Position')).toHaveValue('2');
    fireEvent.change(within(blocks).getByLabelText('Product type'), { target: { value: '2' } });
    fireEvent.click(within(blocks).getByRole('checkbox', { name: 'Puzzles' }));
    fireEvent.click(within(blocks).getByRole('button', { name: 'Save the block' }));
    expect(await within(blocks).findByRole('status')).toHaveTextContent('Saved the block at position 2.');
    const put = backend.calls.find((call) => call.method === 'PUT');
    expect([put?.path, put?.body]).toEqual([
      'admin/home/category-blocks/2',
      { product_type_id: 2, category_ids: [21] },
    ]);
  });
});
