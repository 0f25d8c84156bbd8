import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fillIn, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';

beforeEach(() => signOutEverywhere());

const LIST = {
  items: [
    { page: 'about', heading: 'About us' },
    { page: 'shipping', heading: 'Shipping' },
    { page: 'payments', heading: 'Payments' },
    { page: 'cancellation-returns', heading: 'Cancellation & returns' },
  ],
};
const SHIPPING = { page: { page: 'shipping', heading: 'Shipping', content: '<p>We ship fast.</p>' } };

/** The content box, its selection set as a mouse or Shift+arrows would. */
function select(start: number, end: number): HTMLTextAreaElement {
  const box = screen.getByLabelText('Content (HTML)') as HTMLTextAreaElement;
  box.setSelectionRange(start, end);
  return box;
}

describe('the content pages', () => {
  it('lists the four pages for staff too, each a link to its editor', async () => {
    installFakeBackend(routeTable({ 'GET admin/pages': ok(LIST) }));
    signIn('staff');
    renderAdmin('/admin/pages');

    expect(await screen.findByRole('link', { name: /Cancellation & returns/ })).toHaveAttribute(
      'href',
      '/admin/pages/cancellation-returns',
    );
    expect(screen.getByRole('link', { name: 'Content pages' })).toBeInTheDocument();
  });

  it('formats the selection with labelled buttons and Ctrl+B, keeping it selected', async () => {
    installFakeBackend(routeTable({ 'GET admin/pages/shipping': ok(SHIPPING) }));
    signIn('staff');
    renderAdmin('/admin/pages/shipping');

    expect(await screen.findByLabelText('Content (HTML)')).toHaveValue('<p>We ship fast.</p>');
    const toolbar = screen.getByRole('group', { name: 'Formatting' });
    expect(toolbar).toHaveTextContent('BoldItalicHeadingSubheadingBulleted listNumbered listLink');

    select(11, 15); // "fast"
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    const box = screen.getByLabelText('Content (HTML)') as HTMLTextAreaElement;
    expect(box).toHaveValue('<p>We ship <strong>fast</strong>.</p>');
    await waitFor(() => expect(box).toHaveFocus());
    expect([box.selectionStart, box.selectionEnd]).toEqual([19, 23]);

    select(3, 5); // "We"
    fireEvent.keyDown(box, { key: 'i', ctrlKey: true });
    expect(box).toHaveValue('<p><em>We</em> ship <strong>fast</strong>.</p>');
  });

  it('asks for the address before a link, then links the selection', async () => {
    installFakeBackend(routeTable({ 'GET admin/pages/shipping': ok(SHIPPING) }));
    signIn('owner');
    renderAdmin('/admin/pages/shipping');

    await screen.findByLabelText('Content (HTML)');
    select(11, 15);
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the link address first');

    fillIn({ 'Link address': 'https://shop.example/fast' });
    select(11, 15);
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(screen.getByLabelText('Content (HTML)')).toHaveValue(
      '<p>We ship <a href="https://shop.example/fast">fast</a>.</p>',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("previews the server's sanitised HTML in a frame that can run nothing, marked stale after an edit", async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/pages/shipping': ok(SHIPPING),
        'POST admin/pages/preview': ok({ content: '<p>Hi <img src="x" /></p>' }),
      }),
    );
    signIn('staff');
    renderAdmin('/admin/pages/shipping');

    await screen.findByLabelText('Content (HTML)');
    fillIn({ 'Content (HTML)': '<p>Hi <img src="x" onerror="steal()"></p>' });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const frame = await screen.findByTitle('The page as the shop will show it');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Shipping</h1><p>Hi <img src="x" /></p>');
    expect(frame.getAttribute('srcdoc')).not.toContain('onerror');
    expect(backend.calls.find((call) => call.path === 'admin/pages/preview')?.body).toEqual({
      content: '<p>Hi <img src="x" onerror="steal()"></p>',
    });
    expect(screen.queryByText('The text changed since this preview.')).not.toBeInTheDocument();
    fillIn({ 'Content (HTML)': '<p>Hello</p>' });
    expect(screen.getByText('The text changed since this preview.')).toBeInTheDocument();
  });

  it('saves, then shows the stored sanitised text in the box and the preview, announced', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/pages/shipping': ok(SHIPPING),
        'PUT admin/pages/shipping': ok({
          page: { page: 'shipping', heading: 'Shipping and delivery', content: '<p>Two days.</p>' },
        }),
      }),
    );
    signIn('staff');
    renderAdmin('/admin/pages/shipping');

    await screen.findByLabelText('Content (HTML)');
    fillIn({ Heading: 'Shipping and delivery', 'Content (HTML)': '<p>Two days.</p><script>x()</script>' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('Saved: the shop shows “Shipping and delivery” now.');
    expect(note).toHaveFocus();
    expect(screen.getByLabelText('Content (HTML)')).toHaveValue('<p>Two days.</p>');
    expect(screen.getByTitle('The page as the shop will show it').getAttribute('srcdoc')).toContain(
      '<h1>Shipping and delivery</h1><p>Two days.</p>',
    );
    expect(backend.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      heading: 'Shipping and delivery',
      content: '<p>Two days.</p><script>x()</script>',
    });
  });

  it("marks the heading when the API's 400 names it", async () => {
    installFakeBackend(
      routeTable({
        'GET admin/pages/shipping': ok(SHIPPING),
        'PUT admin/pages/shipping': refused(400, 'VALIDATION_FAILED', 'A page needs a heading.', {
          heading: 'is empty',
        }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/pages/shipping');

    await screen.findByLabelText('Heading');
    fillIn({ Heading: ' ' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('A page needs a heading.');
    expect(screen.getByLabelText('Heading')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so for a page the shop does not have, asking nothing', async () => {
    const backend = installFakeBackend(routeTable({}));
    signIn('owner');
    renderAdmin('/admin/pages/privacy');

    expect(await screen.findByRole('alert')).toHaveTextContent('The shop has no such content page.');
    expect(backend.calls.some((call) => call.path.startsWith('admin/pages/'))).toBe(false);
  });
});
