import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';

beforeEach(() => signOutEverywhere());

const csv = (name: string, text = 'slug,title\n') => new File([text], name, { type: 'text/csv' });
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });

const report = (changes: object = {}) => ({
  mode: 'check',
  applied: false,
  rows: 3,
  created: 1,
  updated: 2,
  errors: [],
  ...changes,
});

describe('the catalogue CSV page', () => {
  it('checks a file and lists every row in error with its line, and does not offer to import it', async () => {
    const backend = installFakeBackend(
      routeTable({
        'POST admin/catalogue/import': ok(
          report({
            errors: [
              { line: 4, slug: 'oak-box', reason: 'category: no product type is called "Nothing"' },
              { line: 9, slug: null, reason: 'price: a number such as 49.90' },
            ],
          }),
        ),
      }),
    );
    signIn('staff');
    renderAdmin('/admin/catalogue-csv');

    fireEvent.click(await screen.findByRole('button', { name: 'Check the file' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV file first.');
    expect(screen.getByLabelText('CSV file')).toHaveAttribute('aria-invalid', 'true');

    choose(csv('catalogue.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '2 of 3 rows are in error. Nothing is written: correct the file and check it again.',
    );
    const table = screen.getByRole('table', { name: 'Rows in error' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'LineSlugReason',
      '4oak-boxcategory: no product type is called "Nothing"',
      '9price: a number such as 49.90',
    ]);
    expect(screen.getByRole('button', { name: 'Import the file' })).toBeDisabled();
    const [call] = backend.calls;
    expect(call?.form?.get('mode')).toBe('check');
    expect((call?.form?.get('file') as File | undefined)?.name).toBe('catalogue.csv');
  });

  it('imports a file once it is checked clean, and says what was written', async () => {
    const backend = installFakeBackend(
      routeTable({
        'POST admin/catalogue/import': (call) =>
          call.form?.get('mode') === 'apply'
            ? ok(report({ mode: 'apply', applied: true, rows: 500, created: 500, updated: 0 }))
            : ok(report({ rows: 500, created: 500, updated: 0 })),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/catalogue-csv');

    choose(csv('five-hundred.csv'));
    expect(await screen.findByRole('button', { name: 'Import the file' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The file is fine: 500 products, 500 new, 0 to update. Nothing is written yet.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import the file' }));
    expect(await screen.findByText(/^Imported 500 products/)).toHaveTextContent(
      'Imported 500 products: 500 created, 0 updated. The shop shows them now.',
    );
    expect(backend.calls.map((call) => call.form?.get('mode'))).toEqual(['check', 'apply']);

    // Another file must be checked before it can be imported.
    choose(csv('other.csv'));
    expect(screen.getByRole('button', { name: 'Import the file' })).toBeDisabled();
  });

  it("shows the API's refusal of a file it cannot read, and refuses a file over 20 MB before sending", async () => {
    const backend = installFakeBackend(
      routeTable({
        'POST admin/catalogue/import': refused(
          400,
          'VALIDATION_FAILED',
          'The CSV file cannot be read: Line 3: a quoted field is never closed.',
        ),
      }),
    );
    signIn('staff');
    renderAdmin('/admin/catalogue-csv');

    choose(csv('broken.csv'));
    fireEvent.click(await screen.findByRole('button', { name: 'Check the file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The CSV file cannot be read: Line 3: a quoted field is never closed.',
    );

    const huge = csv('huge.csv');
    Object.defineProperty(huge, 'size', { value: 20 * 1024 * 1024 + 1 });
    choose(huge);
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The file may be at most 20 MB');
    expect(backend.calls).toHaveLength(1);
  });

  it('prepares the export and offers it as a download link, focused', async () => {
    const bytes = new Blob(['\uFEFFslug,title\r\n'], { type: 'text/csv' });
    installFakeBackend(routeTable({ 'GET admin/catalogue/export': { status: 200, blob: bytes } }));
    // jsdom has no object URLs: the browser's own, as far as the page needs them.
    const made: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        made.push(blob);
        return 'blob:catalogue';
      },
      revokeObjectURL: () => undefined,
    });
    signIn('staff');
    renderAdmin('/admin/catalogue-csv');

    fireEvent.click(await screen.findByRole('button', { name: 'Prepare the CSV file' }));
    const link = await screen.findByRole('link', { name: /^Download catalogue-\d{4}-\d{2}-\d{2}\.csv$/ });
    expect(link).toHaveAttribute('href', 'blob:catalogue');
    expect(link).toHaveAttribute('download', expect.stringMatching(/^catalogue-.*\.csv$/));
    expect(link).toHaveFocus();
    expect(made).toHaveLength(1);
  });

  it('lists the columns the importer reads, required ones marked', async () => {
    installFakeBackend(routeTable({}));
    signIn('staff');
    renderAdmin('/admin/catalogue-csv');
    fireEvent.click(await screen.findByText('The columns'));
    expect(screen.getByText('slug').closest('dt')).toHaveTextContent('slug (required)');
    expect(screen.getByText('specifications').closest('dt')).toHaveTextContent('specifications (optional)');
    expect(screen.getByText(/the server fetches nothing/)).toBeInTheDocument();
  });
});
