import { useEffect, useState } from 'react';

/**
 * An object URL showing `blob` (a chosen logo, the saved one), revoked when the blob changes or the
 * component leaves, so previews never leak their bytes; never the previous blob's (revoked) URL.
 */
export function useObjectUrl(blob: Blob | null): string | null {
  const [shown, setShown] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setShown({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return blob && shown?.blob === blob ? shown.url : null;
}
