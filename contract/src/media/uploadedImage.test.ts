import {
  UPLOADED_IMAGE_MAX_BYTES,
  UPLOADED_IMAGE_MESSAGES,
  uploadedImageProblem,
  uploadedImageUrl,
} from './uploadedImage';

describe('uploadedImageProblem', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp', 'image/avif'])('takes a %s up to 8 MB', (type) => {
    expect(uploadedImageProblem({ type, size: UPLOADED_IMAGE_MAX_BYTES })).toBeNull();
  });

  it('refuses a file over 8 MB, and any other type', () => {
    expect(uploadedImageProblem({ type: 'image/png', size: UPLOADED_IMAGE_MAX_BYTES + 1 })).toBe(
      UPLOADED_IMAGE_MESSAGES.size,
    );
    for (const type of ['image/gif', 'image/svg+xml', 'text/html', '']) {
      expect(uploadedImageProblem({ type, size: 10 })).toBe(UPLOADED_IMAGE_MESSAGES.type);
    }
  });
});

test('an uploaded picture is served as its largest WebP rendition', () => {
  expect(uploadedImageUrl(3)).toBe('/backend/api/images/uploaded/3.webp');
});
