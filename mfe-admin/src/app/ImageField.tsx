import { UPLOADED_IMAGE_MAX_BYTES, UPLOADED_IMAGE_TYPES, uploadedImageProblem } from '@shop/contract/media';
import type { UploadedImage } from '@shop/contract/schemas/images';
import { type ReactNode, useId, useRef, useState } from 'react';
import { adminApi } from '../api/adminApi';
import { useAdminAction } from '../api/useAdminAction';
import styles from './ImageField.module.css';
import { Refusal } from './Refusal';

export const IMAGE_FIELD_TEXTS = {
  uploading: 'Uploading the picture…',
  remove: 'Remove',
  none: 'No picture: the generated drawing is shown.',
  hint: `JPEG, PNG, WebP or AVIF, up to ${UPLOADED_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
} as const;

/** The upload call: one multipart field `file` (services/uploadedImages.ts decodes it). */
export const uploadImage = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return adminApi.post('admin/images', form);
};

/**
 * A picture of a record the back office edits (a hero slide, a banner, a category, a product):
 * choosing a file uploads it at once (`admin/images`) and hands the uploaded picture to
 * `onChange`; the form then saves its id with the rest. The file is checked first for its type
 * and size (the API checks again, and decodes it); a refusal is read out and named by the input.
 * Remove hands on null (the record keeps the generated drawing).
 */
export function ImageField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: UploadedImage | null;
  onChange: (image: UploadedImage | null) => void;
}): ReactNode {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [action, run, reset] = useAdminAction();
  /** The form's own refusal of a file (its type or size), before any upload. */
  const [refusedHere, setRefusedHere] = useState<string | null>(null);
  const problem = refusedHere ?? action.refusal;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    reset();
    const refusal = uploadedImageProblem(file);
    setRefusedHere(refusal);
    if (!refusal)
      await run(
        () => uploadImage(file),
        (answer) => onChange(answer.image),
      );
    // The same file chosen again is uploaded again (an input keeps its value otherwise).
    if (input.current) input.current.value = '';
  };

  return (
    <fieldset className={styles.field} aria-busy={action.busy}>
      <legend>{label}</legend>
      {value ? (
        <div className={styles.preview}>
          <img
            src={value.url}
            alt={`${label} (uploaded)`}
            width={value.width}
            height={value.height}
            className={styles.image}
          />
          <button
            type="button"
            aria-label={`${IMAGE_FIELD_TEXTS.remove} the ${label.toLowerCase()}`}
            disabled={action.busy}
            onClick={() => {
              setRefusedHere(null);
              reset();
              onChange(null);
            }}
          >
            {IMAGE_FIELD_TEXTS.remove}
          </button>
        </div>
      ) : (
        <p className={styles.note}>{IMAGE_FIELD_TEXTS.none}</p>
      )}
      <label htmlFor={`${id}-file`}>
        {value ? `Replace the ${label.toLowerCase()}` : `Upload a ${label.toLowerCase()}`}
      </label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={UPLOADED_IMAGE_TYPES.join(',')}
        disabled={action.busy}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
        onChange={(event) => void choose(event.currentTarget.files?.[0])}
      />
      {action.busy ? (
        <p role="status" className={styles.note}>
          {IMAGE_FIELD_TEXTS.uploading}
        </p>
      ) : (
        <p id={`${id}-hint`} className={styles.note}>
          {IMAGE_FIELD_TEXTS.hint}
        </p>
      )}
      <Refusal refusal={problem} id={`${id}-problem`} />
    </fieldset>
  );
}
