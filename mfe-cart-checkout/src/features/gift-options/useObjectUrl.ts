import { useEffect, useState } from 'react';

/**
 * An object URL showing `blob` (a chosen logo, the saved one), revoked when the blob changes or the
 * component leaves, so previews never leak their bytes.
 */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}
