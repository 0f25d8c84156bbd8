import { UPLOADED_IMAGE_MESSAGES } from '@shop/contract/media';
import type { UploadedImage } from '@shop/contract/schemas/images';
import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { signIn, signOutEverywhere } from '../test/adminTesting';
import { AdminRoot } from './AdminRoot';
import { IMAGE_FIELD_TEXTS, ImageField } from './ImageField';

beforeEach(() => signOutEverywhere());

const uploadedImage = (id: number): UploadedImage => ({
  id,
  url: `/backend/api/images/uploaded/${id}.webp`,
  width: 1200,
  height: 400,
});

const changes: (UploadedImage | null)[] = [];

function SlideForm({ first = null }: { first?: UploadedImage | null }) {
  const [image, setImage] = useState<UploadedImage | null>(first);
  return (
    <AdminRoot>
      <ImageField
        label="Picture"
        value={image}
        onChange={(next) => {
          changes.push(next);
          setImage(next);
        }}
      />
    </AdminRoot>
  );
}

const fileOf = (type: string, size = 1000, name = 'slide.jpg') =>
  new File([new Uint8Array(size)], name, { type });
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Upload a picture'), { target: { files: [file] } });

describe('ImageField', () => {
  beforeEach(() => {
    changes.length = 0;
  });

  it('uploads the chosen file at once and shows the uploaded picture with a Remove button', async () => {
    const backend = installFakeBackend(
      routeTable({ 'POST admin/images': ok({ image: uploadedImage(7) }, 201) }),
    );
    signIn('staff');
    render(<SlideForm />);
    expect(screen.getByRole('group', { name: 'Picture' })).toHaveTextContent(IMAGE_FIELD_TEXTS.none);

    choose(fileOf('image/jpeg'));
    expect(await screen.findByRole('status')).toHaveTextContent(IMAGE_FIELD_TEXTS.uploading);
    const preview = await screen.findByRole('img', { name: 'Picture (uploaded)' });
    expect(preview).toHaveAttribute('src', '/backend/api/images/uploaded/7.webp');
    expect([preview.getAttribute('width'), preview.getAttribute('height')]).toEqual(['1200', '400']);
    expect(changes).toEqual([uploadedImage(7)]);
    expect(backend.calls).toHaveLength(1);
    const [call] = backend.calls;
    expect(call?.authorization).toBe('Bearer adm.staff-token');
    expect((call?.form?.get('file') as File | null)?.name).toBe('slide.jpg');

    fireEvent.click(screen.getByRole('button', { name: 'Remove the picture' }));
    expect(changes.at(-1)).toBeNull();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Upload a picture')).toBeInTheDocument();
  });

  it('refuses a file of another type or over 8 MB without sending it, and says why', async () => {
    const backend = installFakeBackend(routeTable({}));
    signIn('owner');
    render(<SlideForm />);

    choose(fileOf('image/gif', 10, 'anim.gif'));
    expect(screen.getByRole('alert')).toHaveTextContent(UPLOADED_IMAGE_MESSAGES.type);
    const input = screen.getByLabelText('Upload a picture');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(UPLOADED_IMAGE_MESSAGES.type);

    choose(fileOf('image/png', 8 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(UPLOADED_IMAGE_MESSAGES.size);
    expect(backend.calls).toEqual([]);
    expect(changes).toEqual([]);
  });

  it("shows the API's refusal (a truncated file) and keeps the picture there was", async () => {
    installFakeBackend(
      routeTable({
        'POST admin/images': refused(400, 'VALIDATION_FAILED', UPLOADED_IMAGE_MESSAGES.broken, {
          file: UPLOADED_IMAGE_MESSAGES.broken,
        }),
      }),
    );
    signIn('owner');
    render(<SlideForm first={uploadedImage(3)} />);
    fireEvent.change(screen.getByLabelText('Replace the picture'), {
      target: { files: [fileOf('image/jpeg')] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(UPLOADED_IMAGE_MESSAGES.broken);
    expect(screen.getByRole('img', { name: 'Picture (uploaded)' })).toHaveAttribute(
      'src',
      '/backend/api/images/uploaded/3.webp',
    );
    expect(changes).toEqual([]);
  });
});
