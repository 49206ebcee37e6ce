import { LINK_WHATSAPP_ROUTE } from '@crm/shared';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { LinkWhatsappHome } from '../features/whatsapp-linking/components/LinkWhatsappHome';
import '../features/whatsapp-linking/linking.css';
import { FirstMessageQrPage } from './FirstMessageQrPage';
import { LinkInstructionsPage } from './LinkInstructionsPage';
import { LinkProfilePage } from './LinkProfilePage';
import { NotFoundPage } from './NotFoundPage';
import { QrInstructionsPage } from './QrInstructionsPage';

// 01 §2.1: the linking pages, spelled as packages/shared's PUBLIC_ROUTES spells them.
const LINK_PAGES: Record<string, ReactElement> = {
  '/link-whatsapp': <LinkWhatsappHome />,
  '/link-whatsapp/whatsappLink/instructions': <LinkInstructionsPage />,
  '/link-whatsapp/profile': <LinkProfilePage />,
  '/link-whatsapp/qrcode-instructions': <QrInstructionsPage />,
  '/link-whatsapp/qrcode': <FirstMessageQrPage />,
};

function relativePath(path: string): string {
  return path.slice(LINK_WHATSAPP_ROUTE.length).replace(/^\//, '');
}

/**
 * /link-whatsapp/*: the guard table has one row for every linking page (writeSpaces once signed in, 01 §2.3), so the
 * app's router mounts this page under it and the linking pages are told apart here. /link-whatsapp itself is the
 * post-payment help page, or the return of 360dialog's Connect when it carries client and channels.
 */
export function LinkWhatsappPage() {
  return (
    <Routes>
      {Object.entries(LINK_PAGES).map(([path, element]) => {
        const relative = relativePath(path);
        return relative === '' ? (
          <Route key={path} index element={element} />
        ) : (
          <Route key={path} path={relative} element={element} />
        );
      })}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
