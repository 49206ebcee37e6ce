import { useEffect } from 'react';
import { BRAND_NAME } from '../components/Brand';

export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
}
