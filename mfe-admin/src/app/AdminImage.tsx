import type { ApiResult } from '@shop/shared';
import { type ReactNode, useEffect, useState } from 'react';
import styles from './AdminImage.module.css';

type FileState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * An image the API serves only with an admin's token (a buyer's logo, a proof of payment): read
 * through the admin client, shown from an object URL, with a link to download it. `fileKey`
 * names the file (a new one is read when it changes).
 */
export function AdminImage({
  fileKey,
  load,
  alt,
  downloadName,
}: {
  fileKey: string;
  load: () => Promise<ApiResult<Blob>>;
  alt: string;
  downloadName: string;
}): ReactNode {
  const [file, setFile] = useState<FileState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `fileKey` names what `load` reads.
  useEffect(() => {
    let url: string | null = null;
    let current = true;
    setFile({ status: 'loading' });
    void load().then((answer) => {
      if (!current) return;
      if (!answer.status) {
        setFile({ status: 'failed' });
        return;
      }
      url = URL.createObjectURL(answer.data);
      setFile({ status: 'ready', url });
    });
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileKey]);

  if (file.status === 'loading') return <p className={styles.note}>Loading the image…</p>;
  if (file.status === 'failed') return <p className={styles.note}>The image could not be loaded.</p>;
  return (
    <figure className={styles.figure}>
      <img src={file.url} alt={alt} className={styles.image} />
      <figcaption>
        <a href={file.url} download={downloadName}>
          Download {alt.toLowerCase()}
        </a>
      </figcaption>
    </figure>
  );
}
